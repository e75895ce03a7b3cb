public import Foundation

/// A browser session as stored: the SHA-256 of its cookie token (never the token), the account it
/// signs in as, and the CSRF token every form posts back.
public struct WebSession: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    /// Lower-case hex SHA-256 of the cookie token; the token itself is only ever in the browser.
    public var tokenHash: String
    /// The signed-in account, or nil before sign-in.
    public var accountID: UUID?
    /// Compared with the `_csrf` field of every state-changing form.
    public var csrfToken: String
    /// Set when the person chose "Maybe later" on onboarding.
    public var skippedOnboarding: Bool
    /// Set by app lock after too long idle: the password is needed before the session is used again.
    public var isLocked: Bool
    public var createdAt: Date
    /// The last request made with this session.
    public var lastSeenAt: Date
    /// When the session ends unless it is used again (each use moves it forward).
    public var expiresAt: Date
    /// When the person last proved who they are in this session (sign-in, re-authentication): sensitive changes need
    /// it recent (``Reauthentication``).
    public var authenticatedAt: Date
    /// The browser and system it signed in from ("Chrome on Android"), for the list of sessions.
    public var device: String?

    /// Creates a session; `authenticatedAt` defaults to `createdAt`.
    public init(
        id: UUID = UUID(), tokenHash: String, accountID: UUID?, csrfToken: String, skippedOnboarding: Bool = false,
        isLocked: Bool = false, createdAt: Date, lastSeenAt: Date, expiresAt: Date, authenticatedAt: Date? = nil,
        device: String? = nil
    ) {
        self.authenticatedAt = authenticatedAt ?? createdAt
        self.device = device
        self.id = id
        self.tokenHash = tokenHash
        self.accountID = accountID
        self.csrfToken = csrfToken
        self.skippedOnboarding = skippedOnboarding
        self.isLocked = isLocked
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.expiresAt = expiresAt
    }

    /// Whether the session has ended at `now`.
    public func isExpired(at now: Date) -> Bool { now >= expiresAt }
}

/// Reads and writes browser sessions.
///
/// Implementations store only what `WebSession` holds (a token hash, never a token), find a session by
/// that hash, and must treat a session as gone once `expiresAt` has passed, whether or not its row was
/// deleted yet.
public protocol WebSessionRepository: Sendable {
    /// Inserts a session. Throws `RepositoryError.conflict` when its id or token hash exists.
    func createSession(_ session: WebSession) async throws
    /// The unexpired session whose token hashes to `tokenHash`, if any.
    func session(tokenHash: String, now: Date) async throws -> WebSession?
    /// Replaces the stored session with the same id. Throws `RepositoryError.notFound` when there is none.
    func updateSession(_ session: WebSession) async throws
    /// Deletes the session whose token hashes to `tokenHash`; returns whether it existed.
    @discardableResult
    func deleteSession(tokenHash: String) async throws -> Bool
    /// Deletes every session expired at `now`; returns how many.
    @discardableResult
    func deleteExpiredSessions(now: Date) async throws -> Int
    /// The unexpired sessions of `accountID`, most recently used first.
    func sessions(accountID: UUID, now: Date) async throws -> [WebSession]
    /// Deletes every session of `accountID` except the one with id `kept`; returns how many.
    @discardableResult
    func deleteSessions(accountID: UUID, except kept: UUID?) async throws -> Int
}

/// Sessions held in memory, for tests and a server without a database.
public actor InMemoryWebSessionRepository: WebSessionRepository {
    private var sessions: [UUID: WebSession] = [:]

    /// Creates an empty repository.
    public init() {}

    public func createSession(_ session: WebSession) throws {
        if sessions[session.id] != nil || sessions.values.contains(where: { $0.tokenHash == session.tokenHash }) {
            throw RepositoryError.conflict("A session with this id or token")
        }
        sessions[session.id] = session
    }

    public func session(tokenHash: String, now: Date) -> WebSession? {
        sessions.values.first { $0.tokenHash == tokenHash && !$0.isExpired(at: now) }
    }

    public func updateSession(_ session: WebSession) throws {
        guard sessions[session.id] != nil else { throw RepositoryError.notFound("Session \(session.id)") }
        sessions[session.id] = session
    }

    public func deleteSession(tokenHash: String) -> Bool {
        guard let id = sessions.values.first(where: { $0.tokenHash == tokenHash })?.id else { return false }
        sessions[id] = nil
        return true
    }

    public func deleteExpiredSessions(now: Date) -> Int {
        let expired = sessions.values.filter { $0.isExpired(at: now) }.map(\.id)
        expired.forEach { sessions[$0] = nil }
        return expired.count
    }

    public func sessions(accountID: UUID, now: Date) -> [WebSession] {
        sessions.values.filter { $0.accountID == accountID && !$0.isExpired(at: now) }.sorted { $0.lastSeenAt > $1.lastSeenAt }
    }

    public func deleteSessions(accountID: UUID, except kept: UUID?) -> Int {
        let ids = sessions.values.filter { $0.accountID == accountID && $0.id != kept }.map(\.id)
        ids.forEach { sessions[$0] = nil }
        return ids.count
    }
}
