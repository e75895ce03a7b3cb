import FluentKit

/// Adds `sign_in_attempts`: counted password attempts per SHA-256 of account and client address (never the email
/// or address itself), so the sign-in limit survives a restart.
struct CreateSignInAttempts: AsyncMigration {
    static let schema = "sign_in_attempts"
    var name: String { "AirFit.CreateSignInAttempts.v7" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Self.schema)
            .field("key", .string, .identifier(auto: false))
            .field("count", .int, .required)
            .field("last_at", .double, .required)
            .field("previous_at", .double)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Self.schema).delete()
    }
}
