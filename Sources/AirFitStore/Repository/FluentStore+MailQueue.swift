public import AirFitCore
public import Foundation
import SQLKit

extension FluentStore: MailQueueRepository {
    /// A `mail_queue` row as read back.
    private struct MailRow: Decodable {
        let id: UUID
        let message: String
        let enqueued_at: Double
        let failed_attempts: Int
        let next_attempt_at: Double

        func domain() throws -> QueuedMail {
            let message: MailMessage
            do {
                message = try JSONDecoder().decode(MailMessage.self, from: Data(self.message.utf8))
            } catch {
                throw RepositoryError.invalid("A queued email (\(id)) could not be read back.")
            }
            return QueuedMail(
                id: id, message: message, enqueuedAt: Date(timeIntervalSince1970: enqueued_at), failedAttempts: failed_attempts,
                nextAttemptAt: Date(timeIntervalSince1970: next_attempt_at))
        }
    }

    private static let mailColumns = "id, message, enqueued_at, failed_attempts, next_attempt_at"

    public func enqueueMail(_ message: MailMessage, now: Date) async throws -> QueuedMail {
        let mail = QueuedMail(message: message, enqueuedAt: now, nextAttemptAt: now)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(message), as: UTF8.self)
        let at = now.timeIntervalSince1970
        try await database.sql.raw(
            """
            INSERT INTO mail_queue (id, recipient, message, enqueued_at, failed_attempts, next_attempt_at)
            VALUES (\(bind: mail.id), \(bind: message.to.address.lowercased()), \(bind: json), \(bind: at), 0, \(bind: at))
            """
        ).run()
        return mail
    }

    public func dueMail(now: Date, limit: Int) async throws -> [QueuedMail] {
        try await database.sql.raw(
            """
            SELECT \(unsafeRaw: Self.mailColumns) FROM mail_queue WHERE next_attempt_at <= \(bind: now.timeIntervalSince1970)
            ORDER BY enqueued_at, id LIMIT \(bind: max(0, limit))
            """
        ).all(decoding: MailRow.self).map { try $0.domain() }
    }

    public func nextMailAttempt() async throws -> Date? {
        let row = try await database.sql.raw("SELECT MIN(next_attempt_at) AS next FROM mail_queue").first()
        return try row?.decode(column: "next", as: Double?.self).map(Date.init(timeIntervalSince1970:))
    }

    public func recordMailFailure(id: UUID, failedAttempts: Int, nextAttemptAt: Date) async throws {
        try await database.sql.raw(
            """
            UPDATE mail_queue SET failed_attempts = \(bind: failedAttempts), next_attempt_at = \(bind: nextAttemptAt.timeIntervalSince1970)
            WHERE id = \(bind: id)
            """
        ).run()
    }

    public func removeMail(id: UUID) async throws {
        try await database.sql.delete(from: CreateMailQueue.schema).where("id", .equal, SQLBind(id)).run()
    }

    public func removeMail(to address: String) async throws -> Int {
        let recipient = address.trimmingCharacters(in: .whitespaces).lowercased()
        let row = try await database.sql.raw("SELECT COUNT(*) AS n FROM mail_queue WHERE recipient = \(bind: recipient)").first()
        let count = try row?.decode(column: "n", as: Int.self) ?? 0
        if count > 0 { try await database.sql.delete(from: CreateMailQueue.schema).where("recipient", .equal, SQLBind(recipient)).run() }
        return count
    }
}
