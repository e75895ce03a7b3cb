import AirFitCore
import Foundation
import Hummingbird

/// Finds out who is asking, once per request, before any route runs: a bearer token (``BearerTokens``), or else the
/// session cookie → the session → the account → the person's settings. Counts as use of the session: it is touched, and app lock applies when the
/// person was idle longer than their lock timeout.
///
/// Reads only: a session whose account or person is gone counts as signed out (signing in again restores the
/// person, see ``SignInController``).
struct VisitorMiddleware: RouterMiddleware {
    typealias Context = AirFitRequestContext

    let sessions: SessionStore
    let accounts: any AccountRepository
    let users: any UserRepository
    let cache: SignInCache
    let now: @Sendable () -> Date
    /// Personal access tokens (`Authorization: Bearer`).
    let bearerTokens: BearerTokens

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        // A request carrying a token is judged by the token alone; its cookies are not read.
        let bearer = try await bearerTokens.credential(for: request)
        switch bearer {
        case .absent: break
        case .valid, .invalid:
            context.bearer = bearer
            return try await next(request, context)
        }
        let (visitor, renewed) = try await visit(request)
        context.visitor = visitor
        let response = try await next(request, context)
        // The session's expiry slid forward: the cookie's does too, so the browser keeps it as long as the server.
        guard renewed, let signed = visitor.signedIn else { return response }
        let cookie = WebResponses.sessionCookieHeader(signed.token, request: request, maxAge: Int(sessions.signedInLifetime))
        return WebResponses.setting(cookie: cookie, on: response)
    }

    /// Who sent `request`, and whether their session's expiry was moved forward just now.
    private func visit(_ request: Request) async throws -> (visitor: Visitor, renewed: Bool) {
        guard let token = request.cookies[WebResponses.sessionCookie]?.value,
            var session = try await sessions.session(token), let accountID = session.accountID,
            let account = try await account(accountID),
            let user = try await users.user(id: account.userID)
        else { return (.signedOut, false) }
        let locks = AppLock.shouldLock(session, user: user, now: now()) && !session.isLocked
        if locks { session.isLocked = true }
        let before = session.expiresAt
        session = try await sessions.touch(session, interval: SessionStore.touchInterval(appLock: user.appLockEnabled), changed: locks)
        let signed = SignedIn(token: token, session: session, account: account, user: user)
        return (session.isLocked ? .locked(signed) : .active(signed), session.expiresAt != before)
    }

    /// The account `id`, from the cache when read in the last seconds.
    private func account(_ id: UUID) async throws -> Account? {
        let now = now()
        if let cached = await cache.account(id, now: now) { return cached }
        let account = try await accounts.account(id: id)
        if let account { await cache.store(account, now: now) }
        return account
    }
}

/// Lets only a signed-in person through: app lock sends them to the unlock page, anyone else to first-run or
/// sign-in.
struct RequireSignInMiddleware: RouterMiddleware {
    typealias Context = AirFitRequestContext

    let accounts: any AccountRepository

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        switch context.visitor {
        case .active: return try await next(request, context)
        case .locked: return WebResponses.redirect(AppLock.unlockPath(returningTo: request))
        case .signedOut: return WebResponses.redirect(try await accounts.accountCount() == 0 ? "/setup" : "/signin")
        }
    }
}
