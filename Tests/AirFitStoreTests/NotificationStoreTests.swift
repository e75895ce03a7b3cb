import AirFitCore
import Foundation
import Testing

@testable import AirFitStore

/// The notification queue and inbox (`NotificationRepository`) on memory, SQLite and PostgreSQL.
@Suite("Notification store")
struct NotificationStoreTests {
    static func note(_ userID: UUID, _ title: String, due: Double, key: String? = nil) -> CoachNotification {
        CoachNotification(
            userID: userID, category: .achievements, title: title, body: "\(title) — well done.", link: "/progress",
            dueAt: Fixture.at(due), dedupeKey: key ?? "achievements:\(title)", createdAt: Fixture.at(0))
    }

    @Test("A notification is stored once per member and key, never for someone who isn't there", arguments: Backend.allCases)
    func dedupe(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let user = Fixture.user()
            try await repository.createUser(user)
            #expect(try await repository.scheduleNotification(Self.note(user.id, "First", due: 10, key: "same")))
            #expect(try await repository.scheduleNotification(Self.note(user.id, "Again", due: 20, key: "same")) == false)
            #expect(try await repository.scheduleNotification(Self.note(UUID(), "Nobody", due: 10)) == false)
            let waiting = try await repository.notifications(userID: user.id, states: [.pending], since: .distantPast)
            #expect(waiting.map(\.title) == ["First"])
            #expect(waiting.first?.dueAt == Fixture.at(10) && waiting.first?.body == "First — well done.")
        }
    }

    @Test("Claiming takes what is due, oldest first, once; settling needs the claim and lands it in the inbox", arguments: Backend.allCases)
    func claimAndSettle(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let user = Fixture.user()
            try await repository.createUser(user)
            for (title, due) in [("Later", 50.0), ("Second", 20.0), ("First", 10.0)] {
                try await repository.scheduleNotification(Self.note(user.id, title, due: due))
            }
            let claimed = try await repository.claimDueNotifications(now: Fixture.at(30), limit: 10)
            #expect(claimed.map(\.title) == ["First", "Second"])
            #expect(claimed.allSatisfy { $0.claim != nil && $0.state == .pending })
            #expect(try await repository.claimDueNotifications(now: Fixture.at(31), limit: 10).isEmpty)
            var unclaimed = try #require(claimed.first)
            unclaimed.claim = UUID()
            unclaimed.state = .dropped
            #expect(try await repository.settleNotification(unclaimed) == false)
            for var row in claimed {
                row.state = .delivered
                row.deliveredAt = row.title == "First" ? Fixture.at(31) : Fixture.at(32)
                #expect(try await repository.settleNotification(row))
                #expect(try await repository.settleNotification(row) == false)
            }
            #expect(try await repository.inbox(userID: user.id, limit: 10).map(\.title) == ["Second", "First"])
            #expect(try await repository.inbox(userID: user.id, limit: 1).map(\.title) == ["Second"])
            #expect(try await repository.unreadNotificationCount(userID: user.id) == 2)
            // A claim older than the lease lapses.
            let stuck = try await repository.claimDueNotifications(now: Fixture.at(60), limit: 10)
            #expect(stuck.map(\.title) == ["Later"])
            #expect(try await repository.claimDueNotifications(now: Fixture.at(60 + 119), limit: 10).isEmpty)
            #expect(try await repository.claimDueNotifications(now: Fixture.at(60 + 121), limit: 10).map(\.title) == ["Later"])
        }
    }

    @Test("Read marks: one of mine, all of mine, never another member's", arguments: Backend.allCases)
    func readMarks(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let me = Fixture.user()
            let other = Fixture.user(name: "Bo")
            try await repository.createUser(me)
            try await repository.createUser(other)
            for (owner, title) in [(me.id, "Mine 1"), (me.id, "Mine 2"), (other.id, "Theirs")] {
                var row = Self.note(owner, title, due: 1)
                row.state = .delivered
                row.deliveredAt = Fixture.at(2)
                try await repository.scheduleNotification(row)
            }
            let theirs = try #require(try await repository.inbox(userID: other.id, limit: 5).first)
            #expect(try await repository.markNotificationRead(id: theirs.id, userID: me.id, at: Fixture.at(3)) == false)
            let mine = try await repository.inbox(userID: me.id, limit: 5)
            #expect(try await repository.markNotificationRead(id: mine[0].id, userID: me.id, at: Fixture.at(3)))
            #expect(try await repository.unreadNotificationCount(userID: me.id) == 1)
            #expect(try await repository.markAllNotificationsRead(userID: me.id, at: Fixture.at(4)) == 1)
            #expect(try await repository.unreadNotificationCount(userID: me.id) == 0)
            #expect(try await repository.unreadNotificationCount(userID: other.id) == 1)
            #expect(try await repository.inbox(userID: me.id, limit: 5).allSatisfy { $0.readAt != nil })
        }
    }

    @Test("Last activity is the latest log or chat message of the member's own, else when they joined", arguments: Backend.allCases)
    func lastActivity(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let user = Fixture.user(createdAt: Fixture.at(0))
            try await repository.createUser(user)
            #expect(try await repository.lastActivity(userID: user.id) == Fixture.at(0))
            #expect(try await repository.lastActivity(userID: UUID()) == nil)
            try await repository.addWorkout(
                Workout(userID: user.id, type: "Run", startedAt: Fixture.at(50), durationMinutes: 30, createdAt: Fixture.at(100)))
            #expect(try await repository.lastActivity(userID: user.id) == Fixture.at(100))
            try await repository.appendMessage(
                CoachMessage(userID: user.id, conversationID: UUID(), role: .assistant, content: "Hi", createdAt: Fixture.at(300)))
            #expect(try await repository.lastActivity(userID: user.id) == Fixture.at(100))
            try await repository.appendMessage(
                CoachMessage(userID: user.id, conversationID: UUID(), role: .user, content: "Hello", createdAt: Fixture.at(200)))
            #expect(try await repository.lastActivity(userID: user.id) == Fixture.at(200))
        }
    }

    @Test("Deleting a member's data takes their notifications", arguments: Backend.allCases)
    func erased(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let user = Fixture.user()
            try await repository.createUser(user)
            try await repository.scheduleNotification(Self.note(user.id, "Gone", due: 1))
            let counts = try await repository.deleteAllData(userID: user.id)
            #expect(counts["notifications"] == 1)
            #expect(
                try await repository.notifications(userID: user.id, states: Set(NotificationState.allCases), since: .distantPast).isEmpty)
        }
    }

    @Test("Two servers on one PostgreSQL claiming at once deliver each of 60 notifications exactly once", arguments: [Backend.postgres])
    func twoServers(backend: Backend) async throws {
        try await backend.withStore { store in
            let first = try store.requireDatabase()
            let second = try await AirFitDatabase.open(first.configuration, logger: TestLog.logger)
            do {
                var user = Fixture.user()
                user.quietHours.enabled = false
                try await first.store.createUser(user)
                for index in 0..<60 {
                    try await first.store.scheduleNotification(Self.note(user.id, "Win \(index)", due: Double(index)))
                }
                let dispatchers = [first.store, second.store].map {
                    NotificationDispatcher(queue: $0, members: StoreNotificationMembers(repository: $0), limits: .unlimited)
                }
                let delivered = try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<6 {
                        let dispatcher = dispatchers[index % 2]
                        group.addTask { try await dispatcher.runDue(now: Fixture.at(100)).delivered }
                    }
                    return try await group.reduce(0, +)
                }
                #expect(delivered == 60)
                let inbox = try await second.store.inbox(userID: user.id, limit: 100)
                #expect(inbox.count == 60 && Set(inbox.map(\.title)).count == 60)
            } catch {
                await second.shutdown()
                throw error
            }
            await second.shutdown()
        }
    }
}
