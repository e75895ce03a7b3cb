import FluentKit

/// Adds `web_sessions` (browser sign-ins that survive a restart) and `onboarding_drafts` (half-finished
/// onboarding, one per user).
///
/// Sessions keep a SHA-256 of the cookie token, never the token. Neither table has a foreign key to
/// `users`: a session may be anonymous, and "delete all data" removes the draft itself.
struct CreateSessionsAndDrafts: AsyncMigration {
    var name: String { "AirFit.CreateSessionsAndDrafts.v4" }

    func prepare(on database: any Database) async throws {
        try await database.schema(WebSessionModel.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("token_hash", .string, .required)
            .field("account_id", .uuid)
            .field("csrf_token", .string, .required)
            .field("skipped_onboarding", .bool, .required)
            .field("locked", .bool, .required)
            .field("created_at", .double, .required)
            .field("last_seen_at", .double, .required)
            .field("expires_at", .double, .required)
            .unique(on: "token_hash")
            .create()

        try await database.schema(OnboardingDraftModel.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required)
            .field("draft", .string, .required)
            .field("updated_at", .double, .required)
            .unique(on: "user_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(OnboardingDraftModel.schema).delete()
        try await database.schema(WebSessionModel.schema).delete()
    }
}
