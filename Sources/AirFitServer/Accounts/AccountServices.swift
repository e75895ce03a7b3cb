import AirFitCore
import Foundation
import Hummingbird

/// What the account features share: the accounts and their sessions, single-use links, the security log, mail, the
/// password hasher and the clock. One value, built once by the router, handed to each account controller.
struct AccountServices: Sendable {
    let accounts: any AccountRepository
    let users: any UserRepository
    let sessions: SessionStore
    let links: any OneTimeLinkRepository
    let log: any SecurityLogRepository
    let eraser: any AccountErasing
    let mail: AccountMail
    let passwords: PasswordGate
    let hasher: PasswordHasher
    /// Who may create an account after the first.
    let signup: SignupPolicy
    let now: @Sendable () -> Date

    /// Adds an event to `account`'s security log, with the device of `request`.
    func record(_ kind: SecurityEvent.Kind, account: UUID, request: Request) async throws {
        try await log.recordEvent(
            SecurityEvent(accountID: account, kind: kind, at: now(), device: DeviceName.from(userAgent: request.headers[.userAgent])))
    }

    /// A new single-use link of `purpose` for `accountID`; returns the token to put in the URL (only its hash is kept).
    func issueLink(_ purpose: OneTimeLink.Purpose, accountID: UUID, payload: String = "", sentTo: String? = nil) async throws -> String {
        let token = SessionToken.make()
        try await links.createLink(
            OneTimeLink(
                purpose: purpose, tokenHash: SessionToken.hash(token), accountID: accountID, payload: payload, sentTo: sentTo,
                createdAt: now()))
        return token
    }

    /// The still-usable link of `purpose` for `token`, or `nil` (unknown, used, expired: all look the same).
    func usableLink(_ token: String, purpose: OneTimeLink.Purpose) async throws -> OneTimeLink? {
        guard token.count == 43, token.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
        guard let link = try await links.link(tokenHash: SessionToken.hash(token), purpose: purpose), link.isUsable(at: now()) else {
            return nil
        }
        return link
    }

    /// Starts a signed-in session for `account` (a fresh token, so one planted before sign-in is worthless) and
    /// redirects to `next`. The person's settings row is created when missing (first run, a new member, or after
    /// "delete all data" from the command line), never on a read.
    func startSession(for account: Account, request: Request, next: String = "/", timeZone: String? = nil) async throws -> Response {
        if try await users.user(id: account.userID) == nil {
            var user = User(id: account.userID, email: account.email)
            if let timeZone { user.timeZone = timeZone }
            try await users.createUser(user)
        }
        if let old = request.cookies[WebResponses.sessionCookie]?.value { try await sessions.remove(old) }
        let created = try await sessions.create(accountID: account.id, device: DeviceName.from(userAgent: request.headers[.userAgent]))
        try await record(.signedIn, account: account.id, request: request)
        return WebResponses.setting(
            cookie: WebResponses.sessionCookieHeader(created.token, request: request, maxAge: Int(sessions.signedInLifetime)),
            on: WebResponses.redirect(next))
    }

    /// A passkey or a provider just proved the person: the session counts as recently authenticated, and unlocks when
    /// `unlock` (app lock); a confirmation for a sensitive change is logged.
    func confirmPresence(_ signed: SignedIn, unlock: Bool, request: Request) async throws {
        var session = signed.session
        session.authenticatedAt = now()
        if unlock { session.isLocked = false }
        try await sessions.update(session)
        if !unlock { try await record(.reauthenticated, account: signed.account.id, request: request) }
    }

    /// Ends every session of `account` but `kept`; returns how many.
    @discardableResult
    func endSessions(of account: UUID, except kept: UUID?) async throws -> Int {
        let ended = try await sessions.repository.deleteSessions(accountID: account, except: kept)
        await sessions.cache?.removeSessions(accountID: account, except: kept)
        return ended
    }

    /// Saves `account` (new password, email or role) and drops its cached copy.
    func save(_ account: Account) async throws {
        try await accounts.updateAccount(account)
        await sessions.cache?.removeAccount(account.id)
    }
}
