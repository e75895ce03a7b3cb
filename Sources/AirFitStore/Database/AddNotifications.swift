import FluentKit
import SQLKit

/// Adds `notifications` (issue 16): the durable queue of the coach's notifications and each member's inbox.
///
/// One row per member and `dedupe_key` (a unique index), so scheduling again after a restart or on a second server
/// keeps one. `state` is pending, held, delivered, collapsed or dropped; `claim_token` and `claimed_at` mark a
/// scheduler deciding about it. Dates are seconds since 1970.
///
/// And `push_devices`: each member's browsers subscribed to Web Push (one row per endpoint).
struct AddNotifications: AsyncMigration {
    static let schema = "notifications"
    static let devicesSchema = "push_devices"
    var name: String { "AirFit.AddNotifications.v19" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Self.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required)
            .field("category", .string, .required)
            .field("title", .string, .required)
            .field("body", .string, .required)
            .field("link", .string, .required)
            .field("due_at", .double, .required)
            .field("state", .string, .required)
            .field("dedupe_key", .string, .required)
            .field("created_at", .double, .required)
            .field("claimed_at", .double)
            .field("claim_token", .uuid)
            .field("held_until", .double)
            .field("delivered_at", .double)
            .field("read_at", .double)
            .unique(on: "user_id", "dedupe_key")
            .create()
        try await database.sql.create(index: "notifications_due").on(Self.schema).column("state").column("due_at").run()
        try await database.sql.create(index: "notifications_inbox").on(Self.schema).column("user_id").column("state")
            .column("delivered_at").run()
        try await database.schema(Self.devicesSchema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required)
            .field("endpoint", .string, .required)
            .field("p256dh", .string, .required)
            .field("auth", .string, .required)
            .field("name", .string, .required)
            .field("created_at", .double, .required)
            .unique(on: "endpoint")
            .create()
        try await database.sql.create(index: "push_devices_user").on(Self.devicesSchema).column("user_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Self.devicesSchema).delete()
        try await database.schema(Self.schema).delete()
    }
}
