import Foundation

/// A browser session: anonymous until sign-in; carries the CSRF token every form posts back.
struct Session: Sendable, Equatable {
    /// The signed-in account, or nil before sign-in.
    var accountID: UUID?
    /// Compared with the `_csrf` field of every state-changing form.
    var csrfToken: String
    /// Set when the person chose "Maybe later" on onboarding.
    var skippedOnboarding = false
    var lastSeen: Date
}

/// Server-side sessions keyed by an unguessable cookie token; idle sessions expire.
actor SessionStore {
    private var sessions: [String: Session] = [:]
    private let idleLimit: TimeInterval

    /// Creates a store whose sessions expire after `idleLimit` seconds without a request.
    init(idleLimit: TimeInterval = 60 * 60 * 24 * 14) {
        self.idleLimit = idleLimit
    }

    /// The live session for `token`, touched now.
    func session(_ token: String?, now: Date = Date()) -> Session? {
        guard let token, var session = sessions[token] else { return nil }
        guard now.timeIntervalSince(session.lastSeen) < idleLimit else {
            sessions[token] = nil
            return nil
        }
        session.lastSeen = now
        sessions[token] = session
        return session
    }

    /// Starts a session and returns its cookie token.
    func create(accountID: UUID?, now: Date = Date()) -> (token: String, session: Session) {
        let session = Session(accountID: accountID, csrfToken: RandomToken.make(), lastSeen: now)
        let token = RandomToken.make()
        sessions[token] = session
        return (token, session)
    }

    /// Replaces the session stored under `token`.
    func update(_ token: String, _ session: Session) { sessions[token] = session }

    /// Ends a session.
    func remove(_ token: String) { sessions[token] = nil }
}

/// 256 random bits, URL-safe.
enum RandomToken {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
