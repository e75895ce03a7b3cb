public import Foundation

/// A sign-in provider identity (an OpenID Connect issuer and the subject it gave) linked to one member's account.
/// An identity belongs to one member only: the pair (issuer, subject) is unique.
public struct LinkedIdentity: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var accountID: UUID
    /// The configured provider's id (`google`, `apple`, `corp`): which button it came from.
    public var providerID: String
    /// The issuer exactly as the ID token's `iss`.
    public var issuer: String
    /// The provider's stable id for the person (`sub`).
    public var subject: String
    /// The address the provider reported, kept to tell linked identities apart; `nil` for Apple's private relay
    /// addresses, which are never shown.
    public var email: String?
    public var createdAt: Date
    public var lastUsedAt: Date?

    /// Creates an identity link.
    public init(
        id: UUID = UUID(), accountID: UUID, providerID: String, issuer: String, subject: String, email: String?, createdAt: Date,
        lastUsedAt: Date? = nil
    ) {
        self.id = id
        self.accountID = accountID
        self.providerID = providerID
        self.issuer = issuer
        self.subject = subject
        self.email = email
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// Reads and writes linked provider identities.
public protocol LinkedIdentityRepository: Sendable {
    /// Links an identity; throws ``RepositoryError/conflict(_:)`` when its issuer and subject already belong to a member.
    func linkIdentity(_ identity: LinkedIdentity) async throws
    /// The identity with this issuer and subject, whoever it belongs to.
    func identity(issuer: String, subject: String) async throws -> LinkedIdentity?
    /// A member's linked identities, oldest first.
    func identities(accountID: UUID) async throws -> [LinkedIdentity]
    /// Records a sign-in through the identity.
    func touchIdentity(id: UUID, at date: Date) async throws
    /// Removes one of `accountID`'s identities; `false` when it is not theirs (or gone).
    func unlinkIdentity(id: UUID, accountID: UUID) async throws -> Bool
    /// Removes every identity of `accountID` (the account is going); returns how many.
    @discardableResult
    func deleteIdentities(accountID: UUID) async throws -> Int
}

/// Linked identities held in memory, for tests and a server without a database.
public actor InMemoryLinkedIdentityRepository: LinkedIdentityRepository {
    private var rows: [UUID: LinkedIdentity] = [:]

    /// Creates an empty repository.
    public init() {}

    public func linkIdentity(_ identity: LinkedIdentity) throws {
        if rows[identity.id] != nil || rows.values.contains(where: { $0.issuer == identity.issuer && $0.subject == identity.subject }) {
            throw RepositoryError.conflict("This sign-in identity")
        }
        rows[identity.id] = identity
    }

    public func identity(issuer: String, subject: String) -> LinkedIdentity? {
        rows.values.first { $0.issuer == issuer && $0.subject == subject }
    }

    public func identities(accountID: UUID) -> [LinkedIdentity] {
        rows.values.filter { $0.accountID == accountID }.sorted { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) }
    }

    public func touchIdentity(id: UUID, at date: Date) {
        rows[id]?.lastUsedAt = date
    }

    public func unlinkIdentity(id: UUID, accountID: UUID) -> Bool {
        guard rows[id]?.accountID == accountID else { return false }
        rows[id] = nil
        return true
    }

    public func deleteIdentities(accountID: UUID) -> Int {
        let ids = rows.values.filter { $0.accountID == accountID }.map(\.id)
        for id in ids { rows[id] = nil }
        return ids.count
    }
}
