import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import AirFitServer

/// The opt-in daily email digest (issue 16), through the installation's mailer.
@Suite("Daily email digest")
struct EmailDigestTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    /// The owner, signed up, with the digest switched `on`, quiet hours off, and two notifications delivered at noon
    /// (one of them read).
    static func prepared(_ installation: TestInstallation, digest on: Bool) async throws -> User {
        var user = try #require(try await installation.repository.users().first)
        user.timeZone = zone.identifier
        user.quietHours.enabled = false
        user.notificationPreferences.categories[.emailDigest] = on
        try await installation.repository.updateUser(user)
        let noon = try NotificationFixture.instant("2026-01-15T12:00:00+01:00")
        for (title, read) in [("New personal best", false), ("Daily check-in", true)] {
            try await installation.repository.scheduleNotification(
                CoachNotification(
                    userID: user.id, category: .achievements, title: title, body: "\(title) body", link: "/progress", dueAt: noon,
                    state: .delivered, dedupeKey: "digest-test-\(title)", createdAt: noon, deliveredAt: noon, readAt: read ? noon : nil))
        }
        return user
    }

    static func tick(_ installation: TestInstallation, at text: String) async throws {
        let scheduler = NotificationScheduler(
            repository: installation.repository,
            channels: notificationChannels(installation.dependencies, logger: Logger(label: "airfit.digest-tests")))
        _ = try await scheduler.tick(now: try NotificationFixture.instant(text))
    }

    @Test("At 18:00 on the member's clock the unread notifications go out as one email; the digest isn't an inbox item")
    func sent() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let user = try await Self.prepared(installation, digest: true)
            try await Self.tick(installation, at: "2026-01-15T17:30:00+01:00")
            #expect(await installation.mail.messages(to: "owner@example.com").isEmpty)
            try await Self.tick(installation, at: "2026-01-15T18:00:00+01:00")
            try await Self.tick(installation, at: "2026-01-15T18:01:00+01:00")
            let mails = await installation.mail.messages(to: "owner@example.com")
            #expect(mails.count == 1)
            let mail = try #require(mails.first)
            #expect(mail.subject == "Your day with AirFit: 1 notification")
            #expect(mail.text.contains("• New personal best: New personal best body"))
            #expect(!mail.text.contains("Daily check-in"))
            #expect(mail.text.contains("http://127.0.0.1:8080/inbox"))
            #expect(try await installation.repository.inbox(userID: user.id, limit: 10).count == 2)
            #expect(try await installation.repository.unreadNotificationCount(userID: user.id) == 1)
        }
    }

    @Test("With the digest off (the default) no email goes out")
    func off() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            _ = try await Self.prepared(installation, digest: false)
            try await Self.tick(installation, at: "2026-01-15T17:30:00+01:00")
            try await Self.tick(installation, at: "2026-01-15T18:00:00+01:00")
            #expect(await installation.mail.messages(to: "owner@example.com").isEmpty)
        }
    }
}

/// ISO 8601 instants for the notification tests.
enum NotificationFixture {
    static func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text), "not an ISO 8601 instant: \(text)")
    }
}
