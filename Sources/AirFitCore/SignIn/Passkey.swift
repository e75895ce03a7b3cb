public import Foundation

/// A registered passkey (a WebAuthn credential) of one member: its public key, never a secret.
public struct Passkey: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var accountID: UUID
    /// The authenticator's credential id (unique across the installation).
    public var credentialID: Data
    /// The COSE public key exactly as the authenticator attested it.
    public var publicKey: Data
    /// The COSE algorithm (-7 ES256, -8 EdDSA, -257 RS256).
    public var algorithm: Int
    /// The last signature counter seen (0 for authenticators that don't count).
    public var signCount: UInt32
    /// The name the person gave it ("iPhone", "YubiKey").
    public var name: String
    /// Whether the key is synced (backed up) by its provider, such as iCloud Keychain.
    public var backedUp: Bool
    public var createdAt: Date
    public var lastUsedAt: Date?

    /// Creates a passkey record.
    public init(
        id: UUID = UUID(), accountID: UUID, credentialID: Data, publicKey: Data, algorithm: Int, signCount: UInt32, name: String,
        backedUp: Bool, createdAt: Date, lastUsedAt: Date? = nil
    ) {
        self.id = id
        self.accountID = accountID
        self.credentialID = credentialID
        self.publicKey = publicKey
        self.algorithm = algorithm
        self.signCount = signCount
        self.name = name
        self.backedUp = backedUp
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// Reads and writes passkeys.
public protocol PasskeyRepository: Sendable {
    /// Stores a passkey; throws ``RepositoryError/conflict(_:)`` when its credential id is already registered.
    func addPasskey(_ passkey: Passkey) async throws
    /// The passkey with this credential id, whoever it belongs to.
    func passkey(credentialID: Data) async throws -> Passkey?
    /// A member's passkeys, oldest first.
    func passkeys(accountID: UUID) async throws -> [Passkey]
    /// Records a use: the counter moves from `old` to `new` only if it is still `old` (compare and set), so of two
    /// parallel uses of one assertion at most one succeeds.
    func recordPasskeyUse(id: UUID, from old: UInt32, to new: UInt32, at date: Date) async throws -> Bool
    /// Removes one of `accountID`'s passkeys; `false` when it is not theirs (or gone).
    func removePasskey(id: UUID, accountID: UUID) async throws -> Bool
    /// Removes every passkey of `accountID`; returns how many.
    @discardableResult
    func deletePasskeys(accountID: UUID) async throws -> Int
}

/// Passkeys held in memory, for tests and a server without a database.
public actor InMemoryPasskeyRepository: PasskeyRepository {
    private var rows: [UUID: Passkey] = [:]

    /// Creates an empty repository.
    public init() {}

    public func addPasskey(_ passkey: Passkey) throws {
        if rows[passkey.id] != nil || rows.values.contains(where: { $0.credentialID == passkey.credentialID }) {
            throw RepositoryError.conflict("This passkey")
        }
        rows[passkey.id] = passkey
    }

    public func passkey(credentialID: Data) -> Passkey? {
        rows.values.first { $0.credentialID == credentialID }
    }

    public func passkeys(accountID: UUID) -> [Passkey] {
        rows.values.filter { $0.accountID == accountID }.sorted { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) }
    }

    public func recordPasskeyUse(id: UUID, from old: UInt32, to new: UInt32, at date: Date) -> Bool {
        guard rows[id]?.signCount == old else { return false }
        rows[id]?.signCount = new
        rows[id]?.lastUsedAt = date
        return true
    }

    public func removePasskey(id: UUID, accountID: UUID) -> Bool {
        guard rows[id]?.accountID == accountID else { return false }
        rows[id] = nil
        return true
    }

    public func deletePasskeys(accountID: UUID) -> Int {
        let ids = rows.values.filter { $0.accountID == accountID }.map(\.id)
        for id in ids { rows[id] = nil }
        return ids.count
    }
}
