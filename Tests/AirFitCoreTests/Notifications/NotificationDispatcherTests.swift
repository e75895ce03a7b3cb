import AirFitCore
import Foundation
import Testing

/// Delivery from the queue into the inbox: quiet hours and sleep, holding and collapsing, switches, limits and
/// exactly-once, on the in-memory store with an injected clock. (Europe/Berlin in January is UTC+1.)
@Suite("Notification dispatcher")
struct NotificationDispatcherTests {
    /// A store with one member: quiet hours 22:00–07:00, sleep 23:00–06:30, in Berlin.
    static func setUp(edit: (inout User) -> Void = { _ in }) async throws -> (InMemoryStore, User) {
        let store = InMemoryStore()
        var user = User(name: "Ana", timeZone: "Europe/Berlin", createdAt: try NotificationFixture.instant("2026-01-01T00:00:00Z"))
        // The check-ins the tests queue are at 09:00, the member's check-in time.
        user.notificationPreferences.checkInTime = try NotificationFixture.time("09:00")
        edit(&user)
        try await store.createUser(user)
        return (store, user)
    }

    static func note(
        _ user: User, _ category: NotificationCategory, _ title: String, at: String, key: String? = nil
    ) throws -> CoachNotification {
        let due = try NotificationFixture.instant(at)
        return CoachNotification(
            userID: user.id, category: category, title: title, body: "\(title).", link: "/chat", dueAt: due,
            dedupeKey: key ?? "\(category.rawValue):\(title):\(at)", createdAt: due.addingTimeInterval(-3600))
    }

    static func dispatcher(_ store: InMemoryStore, channel: RecordingChannel? = nil) -> NotificationDispatcher {
        NotificationDispatcher(queue: store, members: StoreNotificationMembers(repository: store), channels: channel.map { [$0] } ?? [])
    }

    static func run(_ store: InMemoryStore, at: String, channel: RecordingChannel? = nil) async throws -> DispatchReport {
        try await dispatcher(store, channel: channel).runDue(now: try NotificationFixture.instant(at))
    }

    @Test("A notification due in the day reaches the inbox once, however often the scheduler runs")
    func deliveredOnce() async throws {
        let (store, user) = try await Self.setUp()
        let channel = RecordingChannel()
        #expect(try await store.scheduleNotification(try Self.note(user, .dailyCheckIn, "Check-in", at: "2026-01-15T09:00:00+01:00")))
        #expect(
            try await store.scheduleNotification(try Self.note(user, .dailyCheckIn, "Check-in", at: "2026-01-15T09:00:00+01:00")) == false)
        #expect(try await Self.run(store, at: "2026-01-15T08:59:00+01:00").delivered == 0)
        #expect(try await Self.run(store, at: "2026-01-15T09:00:00+01:00", channel: channel).delivered == 1)
        #expect(try await Self.run(store, at: "2026-01-15T09:01:00+01:00", channel: channel).delivered == 0)
        let inbox = try await store.inbox(userID: user.id, limit: 10)
        #expect(inbox.map(\.title) == ["Check-in"])
        #expect(channel.titles == ["Check-in"])
        #expect(try await store.unreadNotificationCount(userID: user.id) == 1)
    }

    @Test("Two schedulers running at once on one queue deliver each notification exactly once")
    func concurrentSchedulers() async throws {
        let (store, user) = try await Self.setUp()
        for index in 0..<40 {
            try await store.scheduleNotification(
                try Self.note(user, .achievements, "Win \(index)", at: "2026-01-15T10:00:00+01:00", key: "win-\(index)"))
        }
        let unlimited = NotificationDispatcher(
            queue: store, members: StoreNotificationMembers(repository: store), limits: .unlimited)
        let now = try NotificationFixture.instant("2026-01-15T10:00:00+01:00")
        async let first = unlimited.runDue(now: now)
        async let second = unlimited.runDue(now: now)
        let total = try await first.delivered + second.delivered
        #expect(total == 40)
        #expect(try await store.inbox(userID: user.id, limit: 100).count == 40)
    }

    @Test("Inside quiet hours (across midnight) a notification is held, then delivered on its own when the window opens")
    func heldThenDelivered() async throws {
        let (store, user) = try await Self.setUp()
        try await store.scheduleNotification(try Self.note(user, .recommendations, "Plan change", at: "2026-01-15T23:30:00+01:00"))
        let report = try await Self.run(store, at: "2026-01-15T23:30:00+01:00")
        #expect(report.held == 1 && report.delivered == 0)
        let held = try #require(try await store.notifications(userID: user.id, states: [.held], since: .distantPast).first)
        #expect(NotificationFixture.utc(try #require(held.heldUntil)) == "2026-01-16T06:00:00Z")
        #expect(NotificationFixture.utc(held.dueAt) == "2026-01-15T22:30:00Z")
        #expect(try await Self.run(store, at: "2026-01-16T06:59:00+01:00").delivered == 0)
        #expect(try await Self.run(store, at: "2026-01-16T07:00:00+01:00").delivered == 1)
        #expect(try await store.inbox(userID: user.id, limit: 10).map(\.title) == ["Plan change"])
    }

    @Test("Several held notifications arrive as one \"while you were away\" summary, never a burst")
    func collapsedIntoSummary() async throws {
        let (store, user) = try await Self.setUp()
        try await store.scheduleNotification(try Self.note(user, .recommendations, "Plan change", at: "2026-01-15T22:30:00+01:00"))
        try await store.scheduleNotification(try Self.note(user, .achievements, "New best", at: "2026-01-16T01:00:00+01:00"))
        try await store.scheduleNotification(try Self.note(user, .reEngagement, "Thinking of you", at: "2026-01-16T05:00:00+01:00"))
        for time in ["2026-01-15T22:30:00+01:00", "2026-01-16T01:00:00+01:00", "2026-01-16T05:00:00+01:00"] {
            #expect(try await Self.run(store, at: time).held == 1)
        }
        let channel = RecordingChannel()
        let report = try await Self.run(store, at: "2026-01-16T07:00:00+01:00", channel: channel)
        #expect(report.summaries == 1 && report.collapsed == 3 && report.delivered == 0)
        let inbox = try await store.inbox(userID: user.id, limit: 10)
        #expect(inbox.count == 1)
        let summary = try #require(inbox.first)
        #expect(summary.title == "While you were away")
        #expect(summary.body.contains("3 notifications") && summary.body.contains("Latest: Thinking of you."))
        #expect(channel.titles == ["While you were away"])
    }

    @Test("Between bedtime and wake time nothing is delivered, even with quiet hours off")
    func sleepWindow() async throws {
        let (store, user) = try await Self.setUp { $0.quietHours.enabled = false }
        try await store.saveOnboarding(try Self.profile(user, bedtime: "23:00", wake: "06:30"), user: user)
        try await store.scheduleNotification(try Self.note(user, .recommendations, "Plan change", at: "2026-01-16T05:00:00+01:00"))
        #expect(try await Self.run(store, at: "2026-01-16T05:00:00+01:00").held == 1)
        #expect(try await Self.run(store, at: "2026-01-16T06:30:00+01:00").delivered == 1)
    }

    @Test("A category switched off after it was queued is dropped, not delivered")
    func switchedOffLater() async throws {
        let (store, user) = try await Self.setUp()
        try await store.scheduleNotification(try Self.note(user, .achievements, "New best", at: "2026-01-15T12:00:00+01:00"))
        var edited = user
        edited.notificationPreferences.categories[.achievements] = false
        try await store.updateUser(edited)
        let report = try await Self.run(store, at: "2026-01-15T12:00:00+01:00")
        #expect(report.dropped == 1 && report.delivered == 0)
        #expect(try await store.inbox(userID: user.id, limit: 10).isEmpty)
    }

    @Test("One re-engagement per local day at most; a check-in missed by more than 12 hours, or at an old time, is not sent")
    func limitsAndStaleness() async throws {
        let (store, user) = try await Self.setUp()
        try await store.scheduleNotification(try Self.note(user, .reEngagement, "Miss you A", at: "2026-01-15T09:00:00+01:00"))
        try await store.scheduleNotification(try Self.note(user, .reEngagement, "Miss you B", at: "2026-01-15T10:00:00+01:00"))
        let report = try await Self.run(store, at: "2026-01-15T10:00:00+01:00")
        #expect(report.delivered == 1 && report.dropped == 1)
        try await store.scheduleNotification(try Self.note(user, .dailyCheckIn, "Check-in late", at: "2026-01-16T09:00:00+01:00"))
        #expect(try await Self.run(store, at: "2026-01-16T21:01:00+01:00").dropped == 1)
        try await store.scheduleNotification(try Self.note(user, .dailyCheckIn, "Check-in at 08:00", at: "2026-01-17T08:00:00+01:00"))
        #expect(try await Self.run(store, at: "2026-01-17T08:00:00+01:00").dropped == 1)
        #expect(try await store.inbox(userID: user.id, limit: 10).map(\.title) == ["Miss you A"])
    }

    @Test("A scheduler that dies after claiming loses nothing: the claim lapses and another delivers it, once")
    func lapsedClaim() async throws {
        let (store, user) = try await Self.setUp()
        try await store.scheduleNotification(try Self.note(user, .achievements, "New best", at: "2026-01-15T12:00:00+01:00"))
        let now = try NotificationFixture.instant("2026-01-15T12:00:00+01:00")
        let claimed = try await store.claimDueNotifications(now: now, limit: 10)
        #expect(claimed.count == 1)
        #expect(try await Self.run(store, at: "2026-01-15T12:01:00+01:00").delivered == 0)
        #expect(try await Self.run(store, at: "2026-01-15T12:02:01+01:00").delivered == 1)
        // The first claimant wakes up: its claim is gone, so it changes nothing.
        var late = try #require(claimed.first)
        late.state = .dropped
        #expect(try await store.settleNotification(late) == false)
        #expect(try await store.inbox(userID: user.id, limit: 10).count == 1)
    }

    @Test("Reading: one notification, or all; another member's id changes nothing")
    func reading() async throws {
        let (store, user) = try await Self.setUp()
        for title in ["One", "Two"] {
            try await store.scheduleNotification(try Self.note(user, .achievements, title, at: "2026-01-15T12:00:00+01:00"))
        }
        _ = try await Self.run(store, at: "2026-01-15T12:00:00+01:00")
        let inbox = try await store.inbox(userID: user.id, limit: 10)
        let at = try NotificationFixture.instant("2026-01-15T13:00:00+01:00")
        #expect(try await store.markNotificationRead(id: try #require(inbox.first).id, userID: UUID(), at: at) == false)
        #expect(try await store.markNotificationRead(id: try #require(inbox.first).id, userID: user.id, at: at))
        #expect(try await store.unreadNotificationCount(userID: user.id) == 1)
        #expect(try await store.markAllNotificationsRead(userID: user.id, at: at) == 1)
        #expect(try await store.unreadNotificationCount(userID: user.id) == 0)
    }

    static func profile(_ user: User, bedtime: String, wake: String) throws -> OnboardingProfile {
        let sleep = SleepSchedule(
            bedtime: try NotificationFixture.time(bedtime), wakeTime: try NotificationFixture.time(wake), rhythm: .consistent)
        let persona = PersonaProfile(
            lifeContext: .init(), coreAspiration: "Feel strong", structuredGoal: nil, coachingStyle: .init(),
            engagementPreference: .consistentBalanced, customEngagement: .init(), availability: [], sleepSchedule: sleep,
            motivationStyle: .init(achievementStyle: .subtleAffirming, inactivityStyle: .gentleNudge), establishBaseline: false)
        let communication = CommunicationPreferences(
            coachingStyleBlend: .init(), achievementAcknowledgement: .subtleAffirming, inactivityResponse: .gentleNudge)
        return try OnboardingProfile(userID: user.id, persona: persona, communication: communication)
    }
}

/// A channel that records what it was given.
final class RecordingChannel: NotificationChannel, @unchecked Sendable {
    private let lock = NSLock()
    private var delivered: [CoachNotification] = []

    var titles: [String] { lock.withLock { delivered.map(\.title) } }

    func deliver(_ notification: CoachNotification, to member: NotificationMember) async {
        lock.withLock { delivered.append(notification) }
    }
}

extension NotificationDispatcherTests {
    @Test("A test notification is delivered at once, even at night and with notifications switched off")
    func testNotification() async throws {
        let (store, user) = try await Self.setUp { $0.notificationPreferences.systemEnabled = false }
        let test = CoachNotification(
            userID: user.id, category: .dailyCheckIn, title: "Test notification", body: "It works.", link: "/settings/notifications",
            dueAt: try NotificationFixture.instant("2026-01-15T23:30:00+01:00"), dedupeKey: "test:1",
            createdAt: try NotificationFixture.instant("2026-01-15T23:30:00+01:00"))
        try await store.scheduleNotification(test)
        #expect(try await Self.run(store, at: "2026-01-15T23:30:00+01:00").delivered == 1)
        #expect(try await store.inbox(userID: user.id, limit: 5).map(\.title) == ["Test notification"])
    }
}
