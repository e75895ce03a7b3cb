import FluentKit
import FluentSQL
import SQLKit

/// Sign-in beyond the password: provider identities linked to accounts (`linked_identities`, one member per issuer and
/// subject), passkeys (`passkeys`: public keys only, one row per credential id) and pending sign-in steps
/// (`auth_challenges`: only hashes of challenges and `state` values, single use, short-lived).
struct AddSignInMethods: AsyncMigration {
    static let identitiesSchema = "linked_identities"
    static let passkeysSchema = "passkeys"
    static let challengesSchema = "auth_challenges"
    var name: String { "AirFit.AddSignInMethods.v15" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Self.identitiesSchema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("account_id", .uuid, .required)
            .field("provider_id", .string, .required)
            .field("issuer", .string, .required)
            .field("subject", .string, .required)
            .field("email", .string)
            .field("created_at", .double, .required)
            .field("last_used_at", .double)
            .unique(on: "issuer", "subject")
            .create()
        try await database.sql.create(index: "linked_identities_account").on(Self.identitiesSchema).column("account_id").run()
        try await database.schema(Self.passkeysSchema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("account_id", .uuid, .required)
            .field("credential_id", .string, .required)
            .field("public_key", .string, .required)
            .field("algorithm", .int, .required)
            .field("sign_count", .int64, .required)
            .field("name", .string, .required)
            .field("backed_up", .bool, .required)
            .field("created_at", .double, .required)
            .field("last_used_at", .double)
            .unique(on: "credential_id")
            .create()
        try await database.sql.create(index: "passkeys_account").on(Self.passkeysSchema).column("account_id").run()
        try await database.schema(Self.challengesSchema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("purpose", .string, .required)
            .field("key_hash", .string, .required)
            .field("binding", .string, .required)
            .field("account_id", .uuid)
            .field("payload", .string, .required)
            .field("created_at", .double, .required)
            .field("expires_at", .double, .required)
            .unique(on: "key_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Self.challengesSchema).delete()
        try await database.schema(Self.passkeysSchema).delete()
        try await database.schema(Self.identitiesSchema).delete()
    }
}
