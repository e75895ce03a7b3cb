public import AirFitCore
import FluentKit
public import Foundation
import SQLKit

/// An `api_tokens` row: scopes as comma-separated names, times as seconds since 1970.
struct APITokenRow: Codable {
    static let columns = "id, account_id, secret_hash, name, scopes, created_at, expires_at, last_used_at"

    var id: UUID
    var accountID: UUID
    var secretHash: String
    var name: String
    var scopes: String
    var createdAt: Double
    var expiresAt: Double?
    var lastUsedAt: Double?

    enum CodingKeys: String, CodingKey {
        case id, name, scopes
        case accountID = "account_id", secretHash = "secret_hash", createdAt = "created_at", expiresAt = "expires_at"
        case lastUsedAt = "last_used_at"
    }

    init(_ token: APIToken, secretHash: String) {
        id = token.id
        accountID = token.accountID
        self.secretHash = secretHash
        name = token.name
        scopes = token.scopes.map(\.rawValue).joined(separator: ",")
        createdAt = token.createdAt.timeIntervalSince1970
        expiresAt = token.expiresAt?.timeIntervalSince1970
        lastUsedAt = token.lastUsedAt?.timeIntervalSince1970
    }

    func domain() throws -> APIToken {
        var parsed: [APITokenScope] = []
        for name in scopes.split(separator: ",") {
            guard let scope = APITokenScope(rawValue: String(name)) else { throw RepositoryError.invalid("An API token row is damaged.") }
            parsed.append(scope)
        }
        return APIToken(
            id: id, accountID: accountID, name: name, scopes: parsed, createdAt: Date(timeIntervalSince1970: createdAt),
            expiresAt: expiresAt.map { Date(timeIntervalSince1970: $0) }, lastUsedAt: lastUsedAt.map { Date(timeIntervalSince1970: $0) })
    }
}

extension FluentStore: APITokenRepository {
    public func addAPIToken(_ token: APIToken, secretHash: String) async throws {
        try await mapped("This token") {
            try await database.sql.insert(into: AddAPIAccess.schema).model(APITokenRow(token, secretHash: secretHash)).run()
        }
    }

    public func apiToken(secretHash: String) async throws -> APIToken? {
        try await database.sql.raw(
            "SELECT \(unsafeRaw: APITokenRow.columns) FROM api_tokens WHERE secret_hash = \(bind: secretHash) LIMIT 1"
        ).first(decoding: APITokenRow.self)?.domain()
    }

    public func apiTokens(accountID: UUID) async throws -> [APIToken] {
        try await database.sql.raw(
            "SELECT \(unsafeRaw: APITokenRow.columns) FROM api_tokens WHERE account_id = \(bind: accountID) ORDER BY created_at DESC, id DESC"
        ).all(decoding: APITokenRow.self).map { try $0.domain() }
    }

    public func recordAPITokenUse(id: UUID, at date: Date) async throws {
        try await database.sql.raw("UPDATE api_tokens SET last_used_at = \(bind: date.timeIntervalSince1970) WHERE id = \(bind: id)")
            .run()
    }

    public func revokeAPIToken(id: UUID, accountID: UUID) async throws -> Bool {
        try await database.sql.raw("DELETE FROM api_tokens WHERE id = \(bind: id) AND account_id = \(bind: accountID) RETURNING id")
            .first() != nil
    }

    @discardableResult
    public func deleteAPITokens(accountID: UUID) async throws -> Int {
        try await database.sql.raw("DELETE FROM api_tokens WHERE account_id = \(bind: accountID) RETURNING id").all().count
    }
}
