import FluentKit

/// Adds `users.coach_context_exclusions` (what a person leaves out of AI requests) and `provider_requests` (the
/// last request bodies sent to a provider per person, deleted with their data).
struct AddPrivacyControls: AsyncMigration {
    static let requestsSchema = "provider_requests"
    var name: String { "AirFit.AddPrivacyControls.v8" }

    func prepare(on database: any Database) async throws {
        try await database.schema(UserModel.schema).field("coach_context_exclusions", .string).update()
        try await database.schema(Self.requestsSchema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required)
            .field("created_at", .double, .required)
            .field("provider", .string, .required)
            .field("model", .string, .required)
            .field("body", .string, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Self.requestsSchema).delete()
        try await database.schema(UserModel.schema).deleteField("coach_context_exclusions").update()
    }
}
