public import AirFitCore
public import FluentKit
import Foundation
import SQLKit

/// A `linked_identities` row.
struct LinkedIdentityRow: Codable {
    static let columns = "id, account_id, provider_id, issuer, subject, email, created_at, last_used_at"

    var id: UUID
    var accountID: UUID
    var providerID: String
    var issuer: String
    var subject: String
    var email: String?
    var createdAt: Double
    var lastUsedAt: Double?

    enum CodingKeys: String, CodingKey {
        case id, issuer, subject, email
        case accountID = "account_id", providerID = "provider_id", createdAt = "created_at", lastUsedAt = "last_used_at"
    }

    init(_ identity: LinkedIdentity) {
        id = identity.id
        accountID = identity.accountID
        providerID = identity.providerID
        issuer = identity.issuer
        subject = identity.subject
        email = identity.email
        createdAt = identity.createdAt.timeIntervalSince1970
        lastUsedAt = identity.lastUsedAt?.timeIntervalSince1970
    }

    var domain: LinkedIdentity {
        LinkedIdentity(
            id: id, accountID: accountID, providerID: providerID, issuer: issuer, subject: subject, email: email,
            createdAt: Date(timeIntervalSince1970: createdAt), lastUsedAt: lastUsedAt.map { Date(timeIntervalSince1970: $0) })
    }
}

extension FluentStore: LinkedIdentityRepository {
    public func linkIdentity(_ identity: LinkedIdentity) async throws {
        try await mapped("This sign-in identity") {
            try await database.sql.insert(into: AddSignInMethods.identitiesSchema).model(LinkedIdentityRow(identity)).run()
        }
    }

    public func identity(issuer: String, subject: String) async throws -> LinkedIdentity? {
        try await database.sql.raw(
            """
            SELECT \(unsafeRaw: LinkedIdentityRow.columns) FROM linked_identities WHERE issuer = \(bind: issuer) \
            AND subject = \(bind: subject) LIMIT 1
            """
        ).first(decoding: LinkedIdentityRow.self)?.domain
    }

    public func identities(accountID: UUID) async throws -> [LinkedIdentity] {
        try await database.sql.raw(
            """
            SELECT \(unsafeRaw: LinkedIdentityRow.columns) FROM linked_identities WHERE account_id = \(bind: accountID) \
            ORDER BY created_at, id
            """
        ).all(decoding: LinkedIdentityRow.self).map(\.domain)
    }

    public func touchIdentity(id: UUID, at date: Date) async throws {
        try await database.sql.update(AddSignInMethods.identitiesSchema).set("last_used_at", to: date.timeIntervalSince1970)
            .where("id", .equal, id).run()
    }

    public func unlinkIdentity(id: UUID, accountID: UUID) async throws -> Bool {
        try await database.sql.raw(
            "DELETE FROM linked_identities WHERE id = \(bind: id) AND account_id = \(bind: accountID) RETURNING id"
        ).first() != nil
    }

    @discardableResult
    public func deleteIdentities(accountID: UUID) async throws -> Int {
        try await database.sql.raw("DELETE FROM linked_identities WHERE account_id = \(bind: accountID) RETURNING id").all().count
    }
}

/// A `passkeys` row: binary values as base64 text, the counter as a 64-bit integer.
struct PasskeyRow: Codable {
    static let columns = "id, account_id, credential_id, public_key, algorithm, sign_count, name, backed_up, created_at, last_used_at"

    var id: UUID
    var accountID: UUID
    var credentialID: String
    var publicKey: String
    var algorithm: Int
    var signCount: Int64
    var name: String
    var backedUp: Bool
    var createdAt: Double
    var lastUsedAt: Double?

    enum CodingKeys: String, CodingKey {
        case id, algorithm, name
        case accountID = "account_id", credentialID = "credential_id", publicKey = "public_key", signCount = "sign_count"
        case backedUp = "backed_up", createdAt = "created_at", lastUsedAt = "last_used_at"
    }

    init(_ passkey: Passkey) {
        id = passkey.id
        accountID = passkey.accountID
        credentialID = passkey.credentialID.base64EncodedString()
        publicKey = passkey.publicKey.base64EncodedString()
        algorithm = passkey.algorithm
        signCount = Int64(passkey.signCount)
        name = passkey.name
        backedUp = passkey.backedUp
        createdAt = passkey.createdAt.timeIntervalSince1970
        lastUsedAt = passkey.lastUsedAt?.timeIntervalSince1970
    }

    func domain() throws -> Passkey {
        guard let credential = Data(base64Encoded: credentialID), let key = Data(base64Encoded: publicKey),
            let count = UInt32(exactly: signCount)
        else { throw RepositoryError.invalid("A passkey row is damaged.") }
        return Passkey(
            id: id, accountID: accountID, credentialID: credential, publicKey: key, algorithm: algorithm, signCount: count, name: name,
            backedUp: backedUp, createdAt: Date(timeIntervalSince1970: createdAt),
            lastUsedAt: lastUsedAt.map { Date(timeIntervalSince1970: $0) })
    }
}

extension FluentStore: PasskeyRepository {
    public func addPasskey(_ passkey: Passkey) async throws {
        try await mapped("This passkey") {
            try await database.sql.insert(into: AddSignInMethods.passkeysSchema).model(PasskeyRow(passkey)).run()
        }
    }

    public func passkey(credentialID: Data) async throws -> Passkey? {
        try await database.sql.raw(
            """
            SELECT \(unsafeRaw: PasskeyRow.columns) FROM passkeys WHERE credential_id = \(bind: credentialID.base64EncodedString()) LIMIT 1
            """
        ).first(decoding: PasskeyRow.self)?.domain()
    }

    public func passkeys(accountID: UUID) async throws -> [Passkey] {
        try await database.sql.raw(
            "SELECT \(unsafeRaw: PasskeyRow.columns) FROM passkeys WHERE account_id = \(bind: accountID) ORDER BY created_at, id"
        ).all(decoding: PasskeyRow.self).map { try $0.domain() }
    }

    /// One conditional UPDATE: the counter moves only from the value this use read.
    public func recordPasskeyUse(id: UUID, from old: UInt32, to new: UInt32, at date: Date) async throws -> Bool {
        try await database.sql.raw(
            """
            UPDATE passkeys SET sign_count = \(bind: Int64(new)), last_used_at = \(bind: date.timeIntervalSince1970) \
            WHERE id = \(bind: id) AND sign_count = \(bind: Int64(old)) RETURNING id
            """
        ).first() != nil
    }

    public func removePasskey(id: UUID, accountID: UUID) async throws -> Bool {
        try await database.sql.raw("DELETE FROM passkeys WHERE id = \(bind: id) AND account_id = \(bind: accountID) RETURNING id")
            .first() != nil
    }

    @discardableResult
    public func deletePasskeys(accountID: UUID) async throws -> Int {
        try await database.sql.raw("DELETE FROM passkeys WHERE account_id = \(bind: accountID) RETURNING id").all().count
    }
}

/// An `auth_challenges` row.
struct AuthChallengeRow: Codable {
    static let columns = "id, purpose, key_hash, binding, account_id, payload, created_at, expires_at"

    var id: UUID
    var purpose: String
    var keyHash: String
    var binding: String
    var accountID: UUID?
    var payload: String
    var createdAt: Double
    var expiresAt: Double

    enum CodingKeys: String, CodingKey {
        case id, purpose, binding, payload
        case keyHash = "key_hash", accountID = "account_id", createdAt = "created_at", expiresAt = "expires_at"
    }

    init(_ challenge: AuthChallenge) {
        id = challenge.id
        purpose = challenge.purpose.rawValue
        keyHash = challenge.keyHash
        binding = challenge.binding
        accountID = challenge.accountID
        payload = challenge.payload
        createdAt = challenge.createdAt.timeIntervalSince1970
        expiresAt = challenge.expiresAt.timeIntervalSince1970
    }

    func domain() throws -> AuthChallenge {
        guard let purpose = AuthChallenge.Purpose(rawValue: purpose) else {
            throw RepositoryError.invalid("A sign-in step has an unknown purpose.")
        }
        var challenge = AuthChallenge(
            id: id, purpose: purpose, keyHash: keyHash, binding: binding, accountID: accountID, payload: payload,
            createdAt: Date(timeIntervalSince1970: createdAt))
        challenge.expiresAt = Date(timeIntervalSince1970: expiresAt)
        return challenge
    }
}

extension FluentStore: AuthChallengeRepository {
    public func saveChallenge(_ challenge: AuthChallenge) async throws {
        try await mapped("This challenge") {
            try await database.sql.insert(into: AddSignInMethods.challengesSchema).model(AuthChallengeRow(challenge)).run()
        }
    }

    /// One DELETE … RETURNING: the row goes whether or not it expired, and only one caller can get it.
    public func takeChallenge(keyHash: String, purpose: AuthChallenge.Purpose, now: Date) async throws -> AuthChallenge? {
        let taken = try await database.sql.raw(
            """
            DELETE FROM auth_challenges WHERE key_hash = \(bind: keyHash) AND purpose = \(bind: purpose.rawValue) \
            RETURNING \(unsafeRaw: AuthChallengeRow.columns)
            """
        ).first(decoding: AuthChallengeRow.self)?.domain()
        guard let taken, now < taken.expiresAt else { return nil }
        return taken
    }

    @discardableResult
    public func purgeChallenges(expiredBefore now: Date) async throws -> Int {
        try await database.sql.raw("DELETE FROM auth_challenges WHERE expires_at <= \(bind: now.timeIntervalSince1970) RETURNING id")
            .all().count
    }

    @discardableResult
    public func deleteChallenges(accountID: UUID) async throws -> Int {
        try await database.sql.raw("DELETE FROM auth_challenges WHERE account_id = \(bind: accountID) RETURNING id").all().count
    }
}
