import FluentKit
import SQLKit

/// Adds `installation_owner`: one row at most (its primary key is always 1), claimed in the same transaction as
/// the first account, so parallel first-run sign-ups create exactly one owner. An existing installation's first
/// account is recorded as its owner.
struct CreateInstallationOwner: AsyncMigration {
    static let schema = "installation_owner"
    var name: String { "AirFit.CreateInstallationOwner.v6" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Self.schema)
            .field("id", .int, .identifier(auto: false))
            .field("account_id", .uuid, .required)
            .field("created_at", .double, .required)
            .create()
        try await database.sql.raw(
            "INSERT INTO installation_owner (id, account_id, created_at) SELECT 1, id, created_at FROM accounts ORDER BY created_at LIMIT 1"
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Self.schema).delete()
    }
}
