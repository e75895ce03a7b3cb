import FluentKit

/// Adds the `accounts` table for web sign-in; emails are unique.
///
/// No foreign key to `users`: deleting all of a person's data keeps their sign-in.
struct CreateAccounts: AsyncMigration {
    var name: String { "AirFit.CreateAccounts.v2" }

    func prepare(on database: any Database) async throws {
        try await database.schema(AccountModel.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("email", .string, .required)
            .field("password_hash", .string, .required)
            .field("user_id", .uuid, .required)
            .field("created_at", .double, .required)
            .unique(on: "email")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AccountModel.schema).delete()
    }
}
