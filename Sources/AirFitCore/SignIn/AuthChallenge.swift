public import Foundation

/// A pending sign-in step waiting for the browser to come back: a passkey challenge, or an OpenID Connect `state`.
/// Single use (taken atomically), short-lived, and bound to the browser that started it (its CSRF token's hash), so a
/// challenge or a provider's answer can't be replayed or finished in someone else's browser.
public struct AuthChallenge: Codable, Sendable, Equatable, Identifiable {
    /// What the step is for.
    public enum Purpose: String, Codable, Sendable, CaseIterable {
        case passkeyRegistration, passkeySignIn, passkeyReauthentication, passkeyUnlock
        case providerSignIn, providerLink, providerReauthentication

        /// How long the browser has to come back.
        public var lifetime: TimeInterval {
            switch self {
            case .passkeyRegistration, .passkeySignIn, .passkeyReauthentication, .passkeyUnlock: return 5 * 60
            case .providerSignIn, .providerLink, .providerReauthentication: return 10 * 60
            }
        }
    }

    public var id: UUID
    public var purpose: Purpose
    /// Lower-case hex SHA-256 of the challenge or `state` value (the value itself is only in the browser).
    public var keyHash: String
    /// Lower-case hex SHA-256 of the CSRF token of the browser that started the step.
    public var binding: String
    /// The member it acts for (registration, linking, re-authentication, unlock); `nil` for signing in.
    public var accountID: UUID?
    /// What the step needs when it finishes (JSON owned by the feature: a provider's nonce and PKCE verifier, where to go next).
    public var payload: String
    public var createdAt: Date
    public var expiresAt: Date

    /// Creates a step that expires after its purpose's lifetime.
    public init(
        id: UUID = UUID(), purpose: Purpose, keyHash: String, binding: String, accountID: UUID?, payload: String, createdAt: Date
    ) {
        self.id = id
        self.purpose = purpose
        self.keyHash = keyHash
        self.binding = binding
        self.accountID = accountID
        self.payload = payload
        self.createdAt = createdAt
        self.expiresAt = createdAt.addingTimeInterval(purpose.lifetime)
    }
}

/// Pending sign-in steps.
public protocol AuthChallengeRepository: Sendable {
    /// Stores a step.
    func saveChallenge(_ challenge: AuthChallenge) async throws
    /// Removes and returns the step of `purpose` whose key hashes to `keyHash` if it has not expired at `now`: of two
    /// parallel takes at most one gets it, and an expired one is gone too.
    func takeChallenge(keyHash: String, purpose: AuthChallenge.Purpose, now: Date) async throws -> AuthChallenge?
    /// Deletes steps that expired before `now`; returns how many.
    @discardableResult
    func purgeChallenges(expiredBefore now: Date) async throws -> Int
    /// Deletes every step of `accountID`; returns how many.
    @discardableResult
    func deleteChallenges(accountID: UUID) async throws -> Int
}

/// Pending steps held in memory, for tests and a server without a database.
public actor InMemoryAuthChallengeRepository: AuthChallengeRepository {
    private var rows: [UUID: AuthChallenge] = [:]

    /// Creates an empty repository.
    public init() {}

    public func saveChallenge(_ challenge: AuthChallenge) throws {
        if rows.values.contains(where: { $0.keyHash == challenge.keyHash }) { throw RepositoryError.conflict("This challenge") }
        rows[challenge.id] = challenge
    }

    public func takeChallenge(keyHash: String, purpose: AuthChallenge.Purpose, now: Date) -> AuthChallenge? {
        guard let found = rows.values.first(where: { $0.keyHash == keyHash && $0.purpose == purpose }) else { return nil }
        rows[found.id] = nil
        return now < found.expiresAt ? found : nil
    }

    public func purgeChallenges(expiredBefore now: Date) -> Int {
        let ids = rows.values.filter { $0.expiresAt <= now }.map(\.id)
        for id in ids { rows[id] = nil }
        return ids.count
    }

    public func deleteChallenges(accountID: UUID) -> Int {
        let ids = rows.values.filter { $0.accountID == accountID }.map(\.id)
        for id in ids { rows[id] = nil }
        return ids.count
    }
}
