import FluentKit

/// Adds `users.ai_base_url`: the endpoint of the `custom` provider (or a non-default Ollama host).
struct AddUserAIBaseURL: AsyncMigration {
    var name: String { "AirFit.AddUserAIBaseURL.v3" }

    func prepare(on database: any Database) async throws {
        try await database.schema(UserModel.schema).field("ai_base_url", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserModel.schema).deleteField("ai_base_url").update()
    }
}
