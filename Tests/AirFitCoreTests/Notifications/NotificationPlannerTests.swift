import AirFitCore
import Foundation
import Testing

/// What the coach queues for a member, by the rules of issue 16, with an injected clock.
@Suite("Notification planner")
struct NotificationPlannerTests {
    static func member(
        zone: String = "Europe/Berlin", checkIn: String? = nil, wake: String? = "06:30", style: InactivityResponseStyle = .gentleNudge,
        lastActivity: String = "2026-03-20T12:00:00Z", recommendations: [UUID] = [],
        edit: (inout NotificationPreferences) -> Void = { _ in }
    ) throws -> NotificationMember {
        var user = User(name: "Ana", timeZone: zone)
        var preferences = NotificationPreferences(checkInTime: try checkIn.map(NotificationFixture.time))
        edit(&preferences)
        user.notificationPreferences = preferences
        let sleep = try wake.map {
            SleepSchedule(bedtime: try NotificationFixture.time("22:30"), wakeTime: try NotificationFixture.time($0), rhythm: .consistent)
        }
        return NotificationMember(
            user: user, sleep: sleep, inactivityStyle: style, lastActivity: try NotificationFixture.instant(lastActivity),
            pendingRecommendations: recommendations)
    }

    static func plan(_ member: NotificationMember, at now: String) throws -> [CoachNotification] {
        NotificationPlanner.plan(for: member, now: try NotificationFixture.instant(now))
    }

    @Test(
        "The daily check-in falls 30 minutes after the wake time, or at the chosen time, on the member's wall clock",
        arguments: [
            ("06:30", nil, "2026-03-24T05:00:00Z", "2026-03-24 07:00"),
            ("06:30", "07:45", "2026-03-24T05:00:00Z", "2026-03-24 07:45"),
            (nil, nil, "2026-03-24T05:00:00Z", "2026-03-24 08:00"),
            ("06:30", nil, "2026-03-24T07:00:00Z", "2026-03-25 07:00"),
            ("23:45", nil, "2026-03-24T05:00:00Z", "2026-03-25 00:15"),
        ] as [(String?, String?, String, String)])
    func checkInTime(wake: String?, chosen: String?, now: String, expected: String) throws {
        let member = try Self.member(checkIn: chosen, wake: wake)
        let checkIn = try #require(try Self.plan(member, at: now).first { $0.category == .dailyCheckIn })
        #expect(NotificationFixture.wallClock(checkIn.dueAt, in: member.timeZone) == expected)
        #expect(checkIn.link == "/log/checkin" && checkIn.state == .pending)
    }

    @Test("Across the spring-forward night a 07:30 check-in stays at 07:30 local, one hour earlier in UTC")
    func checkInAcrossDST() throws {
        let member = try Self.member(checkIn: "07:30")
        let before = try #require(try Self.plan(member, at: "2026-03-28T08:00:00Z").first)
        let after = try #require(try Self.plan(member, at: "2026-03-29T08:00:00Z").first)
        #expect(NotificationFixture.utc(before.dueAt) == "2026-03-29T05:30:00Z")
        #expect(NotificationFixture.utc(after.dueAt) == "2026-03-30T05:30:00Z")
        #expect(NotificationFixture.wallClock(before.dueAt, in: member.timeZone) == "2026-03-29 07:30")
        #expect(before.dedupeKey == "daily_check_in:2026-03-29:\(Int(before.dueAt.timeIntervalSince1970))")
        #expect(after.dedupeKey == "daily_check_in:2026-03-30:\(Int(after.dueAt.timeIntervalSince1970))")
    }

    @Test("Planning again for the same day gives the same dedupe key, so the queue keeps one check-in")
    func sameKeyTwice() throws {
        let member = try Self.member()
        let first = try Self.plan(member, at: "2026-03-24T04:00:00Z").map(\.dedupeKey)
        let second = try Self.plan(member, at: "2026-03-24T05:59:00Z").map(\.dedupeKey)
        #expect(first == second)
    }

    @Test("A switched-off category, or the master switch off, queues nothing")
    func switchedOff() throws {
        let now = "2026-03-24T12:00:00Z"
        let noCheckIn = try Self.member(recommendations: [UUID()]) { $0.categories[.dailyCheckIn] = false }
        #expect(try Self.plan(noCheckIn, at: now).map(\.category) == [.reEngagement, .recommendations])
        let allOff = try Self.member(recommendations: [UUID()]) { $0.systemEnabled = false }
        #expect(try Self.plan(allOff, at: now).isEmpty)
    }

    @Test(
        "Three days without activity brings one re-engagement in the member's style, at their check-in time",
        arguments: [
            (InactivityResponseStyle.motivationalPush, "Let's get back to it"), (.gentleNudge, "Thinking of you"),
            (.factualReminder, "3 days without a log"),
        ])
    func reEngagement(style: InactivityResponseStyle, title: String) throws {
        let member = try Self.member(style: style, lastActivity: "2026-03-20T12:00:00Z")
        #expect(try Self.plan(member, at: "2026-03-23T11:00:00Z").contains { $0.category == .reEngagement } == false)
        let planned = try Self.plan(member, at: "2026-03-24T06:05:00Z")
        let note = try #require(planned.first { $0.category == .reEngagement })
        #expect(note.title == title)
        #expect(NotificationFixture.wallClock(note.dueAt, in: member.timeZone) == "2026-03-24 07:00")
        #expect(note.dedupeKey == "re_engagement:\(Int(try NotificationFixture.instant("2026-03-20T12:00:00Z").timeIntervalSince1970))")
        // The same absence, a day later: the same key, so it is not sent again.
        let later = try #require(try Self.plan(member, at: "2026-03-25T09:00:00Z").first { $0.category == .reEngagement })
        #expect(later.dedupeKey == note.dedupeKey)
    }

    @Test("`wait` sends no re-engagement however long the absence")
    func waitSendsNothing() throws {
        let member = try Self.member(style: .waitForMe, lastActivity: "2026-01-01T00:00:00Z")
        #expect(try Self.plan(member, at: "2026-03-24T12:00:00Z").contains { $0.category == .reEngagement } == false)
    }

    @Test("Plan changes waiting for review bring one note, keyed by the newest, linking to Activity")
    func recommendations() throws {
        let newest = UUID()
        let member = try Self.member(recommendations: [newest, UUID()])
        let note = try #require(try Self.plan(member, at: "2026-03-24T12:00:00Z").first { $0.category == .recommendations })
        #expect(note.title == "2 suggestions for your plan" && note.link == "/activity")
        #expect(note.dedupeKey == "recommendations:\(newest.uuidString.lowercased())")
    }

    @Test("Meal and hydration reminders and the email digest start off; the rest start on")
    func defaults() {
        let preferences = NotificationPreferences()
        #expect(NotificationCategory.allCases.filter { !preferences.isEnabled($0) } == [.mealLogging, .hydration, .emailDigest])
    }

    @Test("Stored preferences with retired category names still read: coach_insights becomes recommendations, morning_briefing goes")
    func legacyNames() throws {
        let json = #"{"systemEnabled":true,"categories":{"coach_insights":false,"morning_briefing":false,"achievements":false}}"#
        let preferences = try JSONDecoder().decode(NotificationPreferences.self, from: Data(json.utf8))
        #expect(preferences.categories == [.recommendations: false, .achievements: false])
        #expect(preferences.checkInTime == nil)
    }
}

extension NotificationPlannerTests {
    @Test("A check-in queued before the member changed its time is dropped; the new time's is delivered, once that day")
    func checkInTimeChanged() async throws {
        let store = InMemoryStore()
        var user = User(name: "Ana", timeZone: "Europe/Berlin", createdAt: try NotificationFixture.instant("2026-03-23T00:00:00Z"))
        user.quietHours.enabled = false
        user.notificationPreferences.checkInTime = try NotificationFixture.time("07:00")
        try await store.createUser(user)
        let scheduler = NotificationScheduler(repository: store)
        _ = try await scheduler.tick(now: try NotificationFixture.instant("2026-03-24T05:00:00Z"))
        user.notificationPreferences.checkInTime = try NotificationFixture.time("09:00")
        try await store.updateUser(user)
        // 07:00 passes: the old check-in is no longer the member's time.
        #expect(try await scheduler.tick(now: try NotificationFixture.instant("2026-03-24T06:01:00Z")).report.dropped == 1)
        #expect(try await scheduler.tick(now: try NotificationFixture.instant("2026-03-24T08:01:00Z")).report.delivered == 1)
        let inbox = try await store.inbox(userID: user.id, limit: 5)
        #expect(inbox.map(\.category) == [.dailyCheckIn])
        #expect(
            NotificationFixture.wallClock(try #require(inbox.first).dueAt, in: try NotificationFixture.zone("Europe/Berlin"))
                == "2026-03-24 09:00")
    }
}
