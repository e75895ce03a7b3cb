import AirFitCore
import Foundation
import Hummingbird

/// The web app: pages, sessions and forms on top of the repositories.
struct WebApp: Sendable {
    let dependencies: ServerDependencies
    let sessions = SessionStore()
    let limiter = LoginRateLimiter()
    let views = Views()
    let drafts = OnboardingDrafts()
    let replies = ActiveReplies()

    /// A request from a signed-in person.
    struct Signed: Sendable {
        let token: String
        let session: Session
        let account: Account
        let user: User
    }

    /// Adds every page route to `router`.
    func register(on router: Router<AirFitRequestContext>) {
        router.get("/app.css") { _, _ -> Response in WebResponses.asset(Assets.css, type: "text/css; charset=utf-8") }
        router.get("/manifest.webmanifest") { _, _ -> Response in WebResponses.asset(Assets.manifest, type: "application/manifest+json") }
        router.get("/icon.svg") { _, _ -> Response in WebResponses.asset(Assets.icon, type: "image/svg+xml") }
        registerAuth(on: router)
        registerHome(on: router)
        registerOnboarding(on: router)
        registerSettings(on: router)
        registerData(on: router)
        registerChat(on: router)
        registerPersonaPreview(on: router)
    }

    /// The session of `request`, creating an anonymous one (and its cookie) when missing.
    func anonymousSession(_ request: Request) async -> (token: String, session: Session, cookie: String?) {
        let token = request.cookies[WebResponses.sessionCookie]?.value
        if let token, let session = await sessions.session(token) { return (token, session, nil) }
        let created = await sessions.create(accountID: nil)
        return (created.token, created.session, WebResponses.sessionCookieHeader(created.token, request: request))
    }

    /// The signed-in person, or nil. The owner's `User` is recreated with the same id after "delete all data".
    func signedIn(_ request: Request) async throws -> Signed? {
        guard let token = request.cookies[WebResponses.sessionCookie]?.value,
            let session = await sessions.session(token), let accountID = session.accountID,
            let account = try await dependencies.accounts.account(id: accountID)
        else { return nil }
        let user: User
        if let existing = try await dependencies.repository.user(id: account.userID) {
            user = existing
        } else {
            user = User(id: account.userID, email: account.email)
            try await dependencies.repository.createUser(user)
        }
        return Signed(token: token, session: session, account: account, user: user)
    }

    /// Runs `body` for a signed-in person; otherwise redirects to first-run or sign-in.
    func requireSignIn(_ request: Request, _ body: (Signed) async throws -> Response) async throws -> Response {
        if let signed = try await signedIn(request) { return try await body(signed) }
        return WebResponses.redirect(try await dependencies.accounts.accountCount() == 0 ? "/setup" : "/signin")
    }

    /// Runs `body` for a signed-in POST whose `_csrf` field matches the session; 403 otherwise.
    func requireForm(_ request: Request, _ body: (Signed, FormData) async throws -> Response) async throws -> Response {
        try await requireSignIn(request) { signed in
            let form = try await FormData.read(request)
            guard Self.csrfMatches(form, signed.session) else {
                throw HTTPError(.forbidden, message: "The form expired. Reload the page and try again.")
            }
            return try await body(signed, form)
        }
    }

    /// Whether the form's `_csrf` equals the session's token (constant time).
    static func csrfMatches(_ form: FormData, _ session: Session) -> Bool {
        guard let sent = form["_csrf"] else { return false }
        let a = Array(sent.utf8)
        let b = Array(session.csrfToken.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Renders a page for `user` (theme from their appearance setting).
    func page(_ template: String, title: String, user: User?, context: [String: Any]) -> Response {
        WebResponses.html(views.page(template, title: title, appearance: user?.appearanceMode.rawValue ?? "system", context: context))
    }
}
