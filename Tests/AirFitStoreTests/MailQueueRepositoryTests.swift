import AirFitCore
import Foundation
import Testing

@testable import AirFitStore

/// The rules of `MailQueueRepository`, on memory, SQLite and PostgreSQL.
@Suite("Mail queue repository")
struct MailQueueRepositoryTests {
    /// The database's queue, or a fresh in-memory one.
    private static func queue(_ store: TestStore) -> any MailQueueRepository {
        store.database?.store ?? InMemoryMailQueue()
    }

    private static func message(to address: String = "ana@example.com", subject: String = "Confirm your new address") -> MailMessage {
        MailMessage(
            from: MailAddress("coach@example.org", displayName: "AirFit"), to: MailAddress(address, displayName: "Ana Müller"),
            subject: subject, text: "Open http://127.0.0.1:8080/email/confirm?token=abc123 within 24 hours.\nÇa marche.",
            html: "<p>Open <a href=\"http://127.0.0.1:8080/email/confirm?token=abc123\">this link</a>.</p>")
    }

    @Test("A queued message reads back whole and due at once, and is gone once removed", arguments: Backend.allCases)
    func enqueueAndRemove(backend: Backend) async throws {
        try await backend.withStore { store in
            let queue = Self.queue(store)
            #expect(try await queue.nextMailAttempt() == nil)
            let message = Self.message()
            let queued = try await queue.enqueueMail(message, now: Fixture.at(10.5))
            #expect(queued.message == message && queued.failedAttempts == 0 && queued.nextAttemptAt == Fixture.at(10.5))
            #expect(try await queue.dueMail(now: Fixture.at(10), limit: 10).isEmpty)
            let due = try await queue.dueMail(now: Fixture.at(10.5), limit: 10)
            #expect(due == [queued])
            #expect(try await queue.nextMailAttempt() == Fixture.at(10.5))
            try await queue.removeMail(id: queued.id)
            #expect(try await queue.dueMail(now: Fixture.at(100), limit: 10).isEmpty)
            #expect(try await queue.nextMailAttempt() == nil)
            // Removing it again changes nothing.
            try await queue.removeMail(id: queued.id)
        }
    }

    @Test("A failed attempt is counted and the message waits until its next attempt", arguments: Backend.allCases)
    func failureReschedules(backend: Backend) async throws {
        try await backend.withStore { store in
            let queue = Self.queue(store)
            let first = try await queue.enqueueMail(Self.message(subject: "first"), now: Fixture.at(0))
            let second = try await queue.enqueueMail(Self.message(subject: "second"), now: Fixture.at(1))
            try await queue.recordMailFailure(id: first.id, failedAttempts: 1, nextAttemptAt: Fixture.at(30))
            #expect(try await queue.dueMail(now: Fixture.at(5), limit: 10).map(\.message.subject) == ["second"])
            #expect(try await queue.nextMailAttempt() == Fixture.at(1))
            try await queue.removeMail(id: second.id)
            #expect(try await queue.nextMailAttempt() == Fixture.at(30))
            let due = try await queue.dueMail(now: Fixture.at(30), limit: 10)
            #expect(due.map(\.failedAttempts) == [1])
            #expect(due.first?.nextAttemptAt == Fixture.at(30))
            #expect(due.first?.enqueuedAt == Fixture.at(0))
        }
    }

    @Test("Due messages come longest-waiting first, at most the limit", arguments: Backend.allCases)
    func dueOrderAndLimit(backend: Backend) async throws {
        try await backend.withStore { store in
            let queue = Self.queue(store)
            for index in 0..<5 {
                _ = try await queue.enqueueMail(Self.message(subject: "message \(index)"), now: Fixture.at(Double(index)))
            }
            #expect(
                try await queue.dueMail(now: Fixture.at(10), limit: 3).map(\.message.subject) == ["message 0", "message 1", "message 2"])
            #expect(try await queue.dueMail(now: Fixture.at(10), limit: 10).count == 5)
        }
    }

    @Test("A person's waiting mail can be dropped by address, whatever its case; others' stays", arguments: Backend.allCases)
    func removeByAddress(backend: Backend) async throws {
        try await backend.withStore { store in
            let queue = Self.queue(store)
            _ = try await queue.enqueueMail(Self.message(to: "Ana@Example.com"), now: Fixture.at(0))
            _ = try await queue.enqueueMail(Self.message(to: "ana@example.com"), now: Fixture.at(1))
            _ = try await queue.enqueueMail(Self.message(to: "bo@example.com"), now: Fixture.at(2))
            #expect(try await queue.removeMail(to: "ANA@example.COM") == 2)
            #expect(try await queue.dueMail(now: Fixture.at(10), limit: 10).map(\.message.to.address) == ["bo@example.com"])
            #expect(try await queue.removeMail(to: "ana@example.com") == 0)
        }
    }

    @Test("Queued mail survives closing and reopening the database", arguments: [Backend.sqlite])
    func survivesRestart(backend: Backend) async throws {
        let directory = try TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        let configuration = StoreConfiguration(backend: .sqlite(path: directory.file("airfit.sqlite")))
        let first = try await AirFitDatabase.open(configuration, logger: TestLog.logger)
        let queued = try await first.store.enqueueMail(Self.message(), now: Fixture.at(0))
        await first.shutdown()
        let second = try await AirFitDatabase.open(configuration, logger: TestLog.logger)
        let due = try await second.store.dueMail(now: Fixture.at(1), limit: 10)
        await second.shutdown()
        #expect(due == [queued])
    }

    @Test("Erasing the installation empties the queue; a person's export has no queued mail", arguments: Backend.sql)
    func eraseAndExport(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let seeded = try await Fixture.seed(store.repository)
            _ = try await database.store.enqueueMail(Self.message(), now: Fixture.at(0))
            let sink = MemorySink()
            _ = try await DataExporter(repository: store.repository).export(userID: seeded.user.id, format: .json, to: sink)
            let exported = String(decoding: sink.bytes, as: UTF8.self)
            #expect(!exported.contains("token=abc123") && !exported.contains("Confirm your new address"))
            let counts = try await database.store.eraseInstallation()
            #expect(counts["mail_queue"] == 1)
            #expect(try await database.store.nextMailAttempt() == nil)
        }
    }
}
