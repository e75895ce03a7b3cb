import AirFitAI
import AirFitCore
import Foundation
import Testing

@testable import AirFitCoach

/// Notifications in the coach's voice, with the templates as the fallback.
@Suite("Notifications in the coach's voice")
struct CoachNotificationWordingTests {
    typealias F = PlanCoachFixture

    static func note(_ user: User, _ category: NotificationCategory = .achievements, at now: Date = Date()) -> CoachNotification {
        CoachNotification(
            userID: user.id, category: category, title: "New personal best", body: "Nice work: a new best on Back Squat, 102.5 kg.",
            link: "/progress", dueAt: now, dedupeKey: "\(category.rawValue):best", createdAt: now)
    }

    static func member(_ fixture: PlanCoachFixture) -> NotificationMember {
        NotificationMember(user: fixture.user, sleep: nil, inactivityStyle: .gentleNudge, lastActivity: Date(), pendingRecommendations: [])
    }

    static func writer(_ fixture: PlanCoachFixture, _ streamer: ScriptedStreamer) -> CoachNotificationWording {
        CoachNotificationWording(repository: fixture.store, vault: fixture.vault, streamer: streamer, log: fixture.store)
    }

    @Test("A one-line answer becomes the message, asked with the persona's prompt and the template as the draft")
    func goodAnswer() async throws {
        let fixture = try await F.make()
        let streamer = ScriptedStreamer([ScriptedStreamer.text("102.5 kg on the squat, Ada: that's a new best!\n")])
        let note = Self.note(fixture.user)
        let body = await Self.writer(fixture, streamer).body(for: note, member: Self.member(fixture))
        #expect(body == "102.5 kg on the squat, Ada: that's a new best!")
        let request = try #require(streamer.requests.first)
        #expect(request.messages == [.user(CoachNotificationWording.question(note))])
        #expect(request.systemPrompt?.contains("## Core identity") == true)
        #expect(request.systemPrompt?.hasSuffix(CoachNotificationWording.instruction) == true)
    }

    @Test(
        "An unusable answer or a failed call keeps the template", arguments: ["two lines", "empty", "a provider error", "a dropped stream"])
    func unusable(_ name: String) async throws {
        let fixture = try await F.make()
        let streamer = ScriptedStreamer([CoachPlanReasonsTests.unusable(name)])
        #expect(await Self.writer(fixture, streamer).body(for: Self.note(fixture.user), member: Self.member(fixture)) == nil)
    }

    @Test("Without a provider, with activity kept out of requests, or for the email digest, no model is asked")
    func noModelCall() async throws {
        for (fixture, category) in [
            (try await F.make(provider: nil), NotificationCategory.achievements),
            (try await F.make(exclusions: [CoachContextItem.recentActivity.rawValue]), .achievements), (try await F.make(), .emailDigest),
        ] {
            let streamer = ScriptedStreamer([ScriptedStreamer.text("Lift more.")])
            #expect(await Self.writer(fixture, streamer).body(for: Self.note(fixture.user, category), member: Self.member(fixture)) == nil)
            #expect(streamer.requests.isEmpty)
        }
    }

    @Test("Delivered through the dispatcher, the inbox holds the coach's words")
    func throughDispatcher() async throws {
        let fixture = try await F.make()
        var user = fixture.user
        user.quietHours.enabled = false
        try await fixture.store.updateUser(user)
        // Noon: outside the persona's sleep window.
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-24T12:00:00Z"))
        try await fixture.store.scheduleNotification(Self.note(user, at: now))
        let streamer = ScriptedStreamer([ScriptedStreamer.text("A new best, Ada: 102.5 kg!")])
        let dispatcher = NotificationDispatcher(
            queue: fixture.store, members: StoreNotificationMembers(repository: fixture.store), writer: Self.writer(fixture, streamer))
        #expect(try await dispatcher.runDue(now: now).delivered == 1)
        #expect(try await fixture.store.inbox(userID: user.id, limit: 5).map(\.body) == ["A new best, Ada: 102.5 kg!"])
    }
}
