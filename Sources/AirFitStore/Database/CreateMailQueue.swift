import FluentKit

/// Adds `mail_queue`: email waiting to be sent, so a crash between "sent" and the server's answer never loses one.
///
/// A row holds the whole message as JSON (links and tokens included) and is deleted as soon as the message is
/// delivered or given up on. `recipient` is the address lowercased, to drop a person's waiting mail with their account.
struct CreateMailQueue: AsyncMigration {
    static let schema = "mail_queue"
    var name: String { "AirFit.CreateMailQueue.v14" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Self.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("recipient", .string, .required)
            .field("message", .string, .required)
            .field("enqueued_at", .double, .required)
            .field("failed_attempts", .int, .required)
            .field("next_attempt_at", .double, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Self.schema).delete()
    }
}
