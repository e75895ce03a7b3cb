import AirFitCore
import Crypto
import Foundation

/// Browser sessions on top of a `WebSessionRepository`: cookie tokens in, hashed look-ups, sliding expiry.
///
/// The cookie carries a random token; the repository only ever sees its SHA-256, so a copy of the
/// database does not sign anyone in.
struct SessionStore: Sendable {
    let repository: any WebSessionRepository
    /// The current time (tests move it).
    let now: @Sendable () -> Date
    /// Recently read sessions (write-through), so most page views skip the session read.
    var cache: SignInCache?
    /// How long a signed-in session lives without a request.
    var signedInLifetime: TimeInterval = 60 * 60 * 24 * 30
    /// How long a session lives before sign-in (it only carries the sign-in form's CSRF token).
    var anonymousLifetime: TimeInterval = 60 * 60 * 24

    /// The live session for `token`, as stored (not touched).
    func session(_ token: String?) async throws -> WebSession? {
        guard let token, !token.isEmpty else { return nil }
        let hash = SessionToken.hash(token)
        let now = now()
        if let cached = await cache?.session(hash, now: now) { return cached }
        let session = try await repository.session(tokenHash: hash, now: now)
        if let session { await cache?.store(session, now: now) }
        return session
    }

    /// Starts a session and returns its cookie token; clears out expired sessions on the way.
    func create(accountID: UUID?, device: String? = nil) async throws -> (token: String, session: WebSession) {
        let now = now()
        try await repository.deleteExpiredSessions(now: now)
        let token = SessionToken.make()
        let session = WebSession(
            tokenHash: SessionToken.hash(token), accountID: accountID, csrfToken: SessionToken.make(), createdAt: now,
            lastSeenAt: now, expiresAt: now.addingTimeInterval(lifetime(accountID)), authenticatedAt: now, device: device)
        try await repository.createSession(session)
        await cache?.store(session, now: now)
        return (token, session)
    }

    /// How stale `lastSeenAt` may get before a request writes it again: a write per request would make every
    /// page view a database write. App lock reads `lastSeenAt`, so with the lock on it stays within 15 seconds.
    static func touchInterval(appLock: Bool) -> TimeInterval { appLock ? 15 : 60 }

    /// Saves `session` as used now (`lastSeenAt` now, the expiry moved forward), unless it was saved as used
    /// less than `interval` ago and nothing else changed.
    func touch(_ session: WebSession, interval: TimeInterval = 0, changed: Bool = false) async throws -> WebSession {
        let now = now()
        if !changed, now.timeIntervalSince(session.lastSeenAt) < interval { return session }
        var session = session
        session.lastSeenAt = now
        session.expiresAt = session.lastSeenAt.addingTimeInterval(lifetime(session.accountID))
        try await repository.updateSession(session)
        await cache?.store(session, now: now)
        return session
    }

    /// Saves changes to `session` (skipped onboarding, lock) without counting as use.
    func update(_ session: WebSession) async throws {
        try await repository.updateSession(session)
        await cache?.store(session, now: now())
    }

    /// Ends the session of `token`.
    func remove(_ token: String) async throws {
        try await removeHash(SessionToken.hash(token))
    }

    /// Ends the session whose token hashes to `hash`.
    func removeHash(_ hash: String) async throws {
        await cache?.removeSession(hash)
        try await repository.deleteSession(tokenHash: hash)
    }

    private func lifetime(_ accountID: UUID?) -> TimeInterval { accountID == nil ? anonymousLifetime : signedInLifetime }
}

/// Cookie tokens: 256 random bits, URL-safe; stored only as their SHA-256.
public enum SessionToken {
    /// A new random token.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Lower-case hex SHA-256 of `token`.
    public static func hash(_ token: String) -> String {
        hex(SHA256.hash(data: Data(token.utf8)))
    }

    /// Lower-case hex of `bytes` (a lookup per nibble: this runs on every request).
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
