import FluentKit
import SQLKit

/// Adds `vault_entries.base_url`: the only address a stored key is sent to. Existing keys are bound to the
/// base URL their owner had saved for that provider (or the catalog address).
struct AddVaultBaseURL: AsyncMigration {
    var name: String { "AirFit.AddVaultBaseURL.v5" }

    func prepare(on database: any Database) async throws {
        try await database.schema(VaultEntryModel.schema).field("base_url", .string).update()
        try await database.sql.raw(
            """
            UPDATE vault_entries SET base_url = (SELECT users.ai_base_url FROM users
            WHERE users.id = vault_entries.user_id AND users.ai_provider = vault_entries.provider)
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(VaultEntryModel.schema).deleteField("base_url").update()
    }
}
