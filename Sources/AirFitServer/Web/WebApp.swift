import AirFitCore
import Foundation
import Hummingbird

/// The web app: pages, sessions and forms on top of the repositories.
struct WebApp: Sendable {
    let dependencies: ServerDependencies
    /// bcrypt work for an email without an account (see ``PasswordGate``).
    let dummyHash = DummyHash()
    let views = Views()
    let replies = ActiveReplies()

    /// Browser sessions, stored in `dependencies.sessions`.
    var sessions: SessionStore { SessionStore(repository: dependencies.sessions, now: dependencies.now, cache: signIns) }
    /// Sessions and accounts read recently (see ``SignInCache``).
    let signIns = SignInCache()
    /// Every password check, counted per account and address.
    var passwords: PasswordGate {
        PasswordGate(
            attempts: dependencies.signInAttempts, hasher: PasswordHasher(cost: dependencies.passwordCost), dummy: dummyHash,
            now: dependencies.now)
    }
    /// Onboarding drafts, stored in `dependencies.drafts`.
    var drafts: OnboardingDrafts { OnboardingDrafts(repository: dependencies.drafts) }

    /// A request from a signed-in person.
    struct Signed: Sendable {
        let token: String
        let session: WebSession
        let account: Account
        let user: User
    }

    /// Who is asking: nobody, a signed-in person whose app lock wants the password, or a signed-in person.
    enum SignInState: Sendable {
        case signedOut
        case locked(Signed)
        case active(Signed)
    }

    /// Adds every page route to `router`.
    func register(on router: Router<AirFitRequestContext>) {
        router.get("/app.css") { _, _ -> Response in WebResponses.asset(Assets.css, type: "text/css; charset=utf-8") }
        router.get("/app.js") { _, _ -> Response in WebResponses.asset(Assets.js, type: "text/javascript; charset=utf-8") }
        router.get("/manifest.webmanifest") { _, _ -> Response in WebResponses.asset(Assets.manifest, type: "application/manifest+json") }
        router.get("/icon.svg") { _, _ -> Response in WebResponses.asset(Assets.icon, type: "image/svg+xml") }
        registerAuth(on: router)
        registerHome(on: router)
        registerOnboarding(on: router)
        registerSettings(on: router)
        registerData(on: router)
        registerChat(on: router)
        registerAboutDocuments(on: router)
        registerPersonaPreview(on: router)
        registerAppLock(on: router)
        registerPersona(on: router)
        registerProvider(on: router)
        registerDebug(on: router)
    }

    /// The CSRF token of a signed-out form (setup, sign-in): the `airfit_csrf` cookie's value, or a new one with the
    /// cookie to set. Nothing is stored, so a page view creates no row (double-submit: the POST must repeat the cookie).
    func anonymousCSRF(_ request: Request) -> (token: String, cookie: String?) {
        if let token = request.cookies[WebResponses.csrfCookie]?.value, token.count == 43,
            token.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        {
            return (token, nil)
        }
        let token = SessionToken.make()
        return (token, WebResponses.csrfCookieHeader(token, request: request))
    }

    /// The signed-in person, or nil (also while app lock wants the password).
    func signedIn(_ request: Request) async throws -> Signed? {
        if case .active(let signed) = try await signInState(request) { return signed }
        return nil
    }

    /// Who is asking. Counts as use of the session: it is touched, and app lock applies when the person
    /// was idle longer than their lock timeout. The owner's `User` is recreated with the same id after
    /// "delete all data".
    func signInState(_ request: Request) async throws -> SignInState {
        guard let token = request.cookies[WebResponses.sessionCookie]?.value,
            var session = try await sessions.session(token), let accountID = session.accountID,
            let account = try await account(accountID)
        else { return .signedOut }
        let user: User
        if let existing = try await dependencies.repository.user(id: account.userID) {
            user = existing
        } else {
            user = User(id: account.userID, email: account.email)
            try await dependencies.repository.createUser(user)
        }
        let locks = AppLock.shouldLock(session, user: user, now: dependencies.now()) && !session.isLocked
        if locks { session.isLocked = true }
        session = try await sessions.touch(
            session, interval: SessionStore.touchInterval(appLock: user.appLockEnabled), changed: locks)
        let signed = Signed(token: token, session: session, account: account, user: user)
        return session.isLocked ? .locked(signed) : .active(signed)
    }

    /// The account `id`, from the cache when read in the last seconds.
    private func account(_ id: UUID) async throws -> Account? {
        let now = dependencies.now()
        if let cached = await signIns.account(id, now: now) { return cached }
        let account = try await dependencies.accounts.account(id: id)
        if let account { await signIns.store(account, now: now) }
        return account
    }

    /// Runs `body` for a signed-in person; otherwise redirects to first-run, sign-in, or unlock.
    func requireSignIn(_ request: Request, _ body: (Signed) async throws -> Response) async throws -> Response {
        switch try await signInState(request) {
        case .active(let signed): return try await body(signed)
        case .locked: return WebResponses.redirect(AppLock.unlockPath(returningTo: request))
        case .signedOut: return WebResponses.redirect(try await dependencies.accounts.accountCount() == 0 ? "/setup" : "/signin")
        }
    }

    /// Runs `body` for a signed-in POST whose `_csrf` field matches the session; 403 otherwise.
    /// - Parameter limit: the largest body read, in bytes.
    func requireForm(
        _ request: Request, limit: Int = 64 * 1024, _ body: (Signed, FormData) async throws -> Response
    ) async throws -> Response {
        try await requireSignIn(request) { signed in
            let form = try await FormData.read(request, limit: limit)
            guard Self.csrfMatches(form, signed.session) else {
                throw HTTPError(.forbidden, message: "The form expired. Reload the page and try again.")
            }
            return try await body(signed, form)
        }
    }

    /// Whether the form's `_csrf` equals the session's token (constant time).
    static func csrfMatches(_ form: FormData, _ session: WebSession) -> Bool {
        guard let sent = form["_csrf"] else { return false }
        return constantTimeEqual(sent, session.csrfToken)
    }

    /// Whether two tokens are equal, in time that does not depend on where they differ.
    static func constantTimeEqual(_ first: String, _ second: String) -> Bool {
        let a = Array(first.utf8)
        let b = Array(second.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Renders a page for `user` (theme from their appearance setting).
    func page(_ template: String, title: String, user: User?, context: [String: Any]) -> Response {
        WebResponses.html(views.page(template, title: title, appearance: user?.appearanceMode.rawValue ?? "system", context: context))
    }
}
