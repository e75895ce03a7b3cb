import FluentKit
import SQLKit

/// Personal access tokens (`api_tokens`: a record per token and the SHA-256 of its secret, never the secret) and
/// each member's provider fallback chain (`users.ai_fallbacks`, JSON; nullable: none).
struct AddAPIAccess: AsyncMigration {
    static let schema = "api_tokens"
    var name: String { "AirFit.AddAPIAccess.v17" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Self.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("account_id", .uuid, .required)
            .field("secret_hash", .string, .required)
            .field("name", .string, .required)
            .field("scopes", .string, .required)
            .field("created_at", .double, .required)
            .field("expires_at", .double)
            .field("last_used_at", .double)
            .unique(on: "secret_hash")
            .create()
        try await database.sql.create(index: "api_tokens_account").on(Self.schema).column("account_id").run()
        try await database.schema(UserModel.schema).field("ai_fallbacks", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserModel.schema).deleteField("ai_fallbacks").update()
        try await database.schema(Self.schema).delete()
    }
}
