public import AirFitCore
import Crypto
public import FluentKit
import Foundation
import SQLKit

/// The encrypted vault: AES-256-GCM entries in the database, keyed by user and provider.
///
/// Each entry is sealed with a data key derived (HKDF) from the master key, with the user id
/// and provider bound as authenticated data, so an entry copied to another user or provider
/// fails to open. Plaintext exists only in memory while a request is built.
public final class KeyVault: SecretVault, Sendable {
    private let database: any Database
    private let keys: [String: SymmetricKey]
    private let current: (id: String, key: SymmetricKey)

    /// Creates a vault over `database`, sealing with `masterKey`; `previousKeys` still open old entries.
    public convenience init(database: AirFitDatabase, masterKey: MasterKey, previousKeys: [MasterKey] = []) {
        self.init(database: database.database, masterKey: masterKey, previousKeys: previousKeys)
    }

    init(database: any Database, masterKey: MasterKey, previousKeys: [MasterKey] = []) {
        self.database = database
        current = (masterKey.id, masterKey.dataKey)
        var keys = Dictionary(uniqueKeysWithValues: previousKeys.map { ($0.id, $0.dataKey) })
        keys[masterKey.id] = current.key
        self.keys = keys
    }

    static func authenticatedData(userID: UUID, provider: String) -> Data {
        Data("airfit-vault:v1:\(userID.uuidString.lowercased()):\(provider)".utf8)
    }

    static func seal(_ secret: String, key: SymmetricKey, userID: UUID, provider: String) throws -> String {
        let box = try AES.GCM.seal(Data(secret.utf8), using: key, authenticating: authenticatedData(userID: userID, provider: provider))
        guard let combined = box.combined else { throw StoreError.vaultEntryUnreadable(provider: provider) }
        return combined.base64EncodedString()
    }

    static func open(_ sealed: String, key: SymmetricKey, userID: UUID, provider: String) throws -> String {
        do {
            guard let data = Data(base64Encoded: sealed) else { throw StoreError.vaultEntryUnreadable(provider: provider) }
            let box = try AES.GCM.SealedBox(combined: data)
            let plain = try AES.GCM.open(box, using: key, authenticating: authenticatedData(userID: userID, provider: provider))
            return String(decoding: plain, as: UTF8.self)
        } catch {
            // Linux reports authentication failure as an underlying CoreCrypto error; any failure means the same here.
            throw StoreError.vaultEntryUnreadable(provider: provider)
        }
    }

    public func saveSecret(_ secret: String, provider: String, userID: UUID, baseURL: String?) async throws {
        let trimmed = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw RepositoryError.invalid("The key is empty.") }
        let sealed = try Self.seal(trimmed, key: current.key, userID: userID, provider: provider)
        let masked = SecretMask.mask(trimmed)
        // One statement (insert or replace on the user+provider key): atomic without a transaction.
        try await database.sql.insert(into: VaultEntryModel.schema)
            .columns("id", "user_id", "provider", "sealed", "masked", "key_id", "updated_at", "base_url")
            .values(
                SQLBind(UUID()), SQLBind(userID), SQLBind(provider), SQLBind(sealed), SQLBind(masked), SQLBind(current.id),
                SQLBind(Date().timeIntervalSince1970), SQLBind(baseURL)
            )
            .onConflict(with: ["user_id", "provider"]) {
                $0.set(excludedValueOf: "sealed").set(excludedValueOf: "masked").set(excludedValueOf: "key_id")
                    .set(excludedValueOf: "updated_at").set(excludedValueOf: "base_url")
            }
            .run()
    }

    public func credential(provider: String, userID: UUID) async throws -> StoredCredential? {
        let row = try await database.sql.select().columns("sealed", "key_id", "base_url").from(VaultEntryModel.schema)
            .where(SQLColumn("user_id"), .equal, SQLBind(userID)).where(SQLColumn("provider"), .equal, SQLBind(provider))
            .first()
        guard let row else { return nil }
        guard let key = keys[try row.decode(column: "key_id", as: String.self)] else {
            throw StoreError.vaultEntryUnreadable(provider: provider)
        }
        let secret = try Self.open(try row.decode(column: "sealed", as: String.self), key: key, userID: userID, provider: provider)
        return StoredCredential(secret: secret, baseURL: try row.decode(column: "base_url", as: String?.self))
    }

    public func deleteSecret(provider: String, userID: UUID) async throws -> Bool {
        let query = VaultEntryModel.query(on: database).filter(\.$userID == userID).filter(\.$provider == provider)
        guard try await query.copy().count() > 0 else { return false }
        try await query.delete()
        return true
    }

    public func storedSecrets(userID: UUID) async throws -> [StoredSecretSummary] {
        try await database.sql.raw(
            "SELECT \(unsafeRaw: VaultSummaryRow.columns) FROM vault_entries WHERE user_id = \(bind: userID) ORDER BY provider"
        ).all(decoding: VaultSummaryRow.self).map { $0.domain() }
    }

    /// Re-seals every entry of every user with `newKey` in one transaction.
    /// - Returns: the number of entries re-sealed.
    /// - Throws: before changing anything, if any entry cannot be opened with a known key.
    public func rotate(to newKey: MasterKey) async throws -> Int {
        let keys = self.keys
        let newDataKey = newKey.dataKey
        return try await database.transaction { db in
            let entries = try await VaultEntryModel.query(on: db).all()
            for entry in entries {
                guard let key = keys[entry.keyID] else { throw StoreError.vaultEntryUnreadable(provider: entry.provider) }
                let plain = try Self.open(entry.sealed, key: key, userID: entry.userID, provider: entry.provider)
                entry.sealed = try Self.seal(plain, key: newDataKey, userID: entry.userID, provider: entry.provider)
                entry.keyID = newKey.id
                try await entry.update(on: db)
            }
            return entries.count
        }
    }
}
