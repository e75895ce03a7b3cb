import FluentKit
import FluentSQL
import SQLKit

/// Members: `accounts.role` (the existing account, the owner, becomes an admin), when a session last proved its
/// person (`web_sessions.authenticated_at`, for re-authentication) and from what device, single-use links
/// (`one_time_links`: invites, email change, password reset; only token hashes) and the per-account security log
/// (`security_events`).
struct AddMembers: AsyncMigration {
    static let linksSchema = "one_time_links"
    static let eventsSchema = "security_events"
    var name: String { "AirFit.AddMembers.v14" }

    func prepare(on database: any Database) async throws {
        try await database.schema(AccountModel.schema)
            .field("role", .string, .required, .sql(.default("member"))).update()
        try await database.sql.update(AccountModel.schema).set("role", to: "admin").run()
        try await database.schema(WebSessionModel.schema)
            .field("authenticated_at", .double, .required, .sql(.default(0)))
            .update()
        try await database.schema(WebSessionModel.schema).field("device", .string).update()
        try await database.schema(Self.linksSchema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("purpose", .string, .required)
            .field("token_hash", .string, .required)
            .field("account_id", .uuid, .required)
            .field("payload", .string, .required)
            .field("sent_to", .string)
            .field("created_at", .double, .required)
            .field("expires_at", .double, .required)
            .field("used_at", .double)
            .unique(on: "token_hash")
            .create()
        try await database.schema(Self.eventsSchema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("account_id", .uuid, .required)
            .field("kind", .string, .required)
            .field("at", .double, .required)
            .field("device", .string)
            .create()
        try await database.sql.create(index: "security_events_account").on(Self.eventsSchema).column("account_id").run()
        try await database.sql.create(index: "web_sessions_account").on(WebSessionModel.schema).column("account_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Self.eventsSchema).delete()
        try await database.schema(Self.linksSchema).delete()
        try await database.schema(WebSessionModel.schema).deleteField("device").update()
        try await database.schema(WebSessionModel.schema).deleteField("authenticated_at").update()
        try await database.schema(AccountModel.schema).deleteField("role").update()
    }
}
