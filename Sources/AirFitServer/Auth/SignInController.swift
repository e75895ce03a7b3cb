import AirFitCore
import Foundation
import Hummingbird

/// First run, sign-in and sign-out.
struct SignInController: Sendable {
    let services: AccountServices
    let pages: ConfirmPages
    let views: Views

    private var accounts: any AccountRepository { services.accounts }
    private var sessions: SessionStore { services.sessions }

    func addRoutes(to group: RouterGroup<AirFitRequestContext>) {
        group.get("/setup") { request, context -> Response in
            guard try await accounts.accountCount() == 0 else { return WebResponses.redirect("/signin") }
            return authPage(
                SetupView(email: "", providers: pages.providerButtons), title: "Welcome", request: request, context: context, errors: [])
        }
        group.post("/setup") { request, context -> Response in try await setup(request, context: context) }
        group.get("/signin") { request, context -> Response in
            if try await accounts.accountCount() == 0 { return WebResponses.redirect("/setup") }
            return pages.signIn(email: "", request: request, visitor: context.visitor)
        }
        group.post("/signin") { request, context -> Response in try await signIn(request, context: context) }
        group.post("/signout") { request, context -> Response in
            // Works while app lock wants the password too: signing out is always allowed.
            guard let signed = context.visitor.signedIn else { return WebResponses.redirect("/signin") }
            try await sessions.remove(signed.token)
            try await services.record(.signedOut, account: signed.account.id, request: request)
            let cookie = WebResponses.sessionCookieHeader("", request: request, expire: true)
            return WebResponses.setting(cookie: cookie, on: WebResponses.redirect("/signin"))
        }
    }

    /// Renders the setup or sign-in form with the CSRF token of whoever asks.
    private func authPage(
        _ page: some PageView, title: String, request: Request, context: AirFitRequestContext, errors: [String],
        status: HTTPResponse.Status = .ok
    ) -> Response {
        views.signedOutResponse(
            page, title: title, request: request, visitor: context.visitor, problems: errors, heading: nil, status: status)
    }

    private func setup(_ request: Request, context: AirFitRequestContext) async throws -> Response {
        let form = try await request.decodeForm(CredentialsForm.self)
        guard try await accounts.accountCount() == 0 else { return WebResponses.redirect("/signin") }
        let email = Account.normalize(email: form.email ?? "")
        let password = form.password ?? ""
        let errors = AccountRules.problems(email: email, password: password)
        guard errors.isEmpty else {
            return authPage(
                SetupView(email: email, providers: pages.providerButtons), title: "Welcome", request: request, context: context,
                errors: errors,
                status: .unprocessableContent)
        }
        // The person who wins a parallel first run becomes the owner (the first admin); the others are sent to sign in.
        // A person row without an account (data imported before any sign-in) becomes the owner's.
        let existing = try await services.users.users().first
        let hash = try await services.hasher.hash(password)
        let account = Account(email: email, passwordHash: hash, userID: existing?.id ?? UUID(), role: .admin, createdAt: services.now())
        guard try await accounts.createFirstAccount(account) else { return WebResponses.redirect("/signin") }
        // The browser's own zone (sent by the page's script), so days and weeks are the person's from the start.
        return try await services.startSession(for: account, request: request, timeZone: TimeZoneRule.identifier(form.timeZone))
    }

    private func signIn(_ request: Request, context: AirFitRequestContext) async throws -> Response {
        let form = try await request.decodeForm(CredentialsForm.self)
        let email = Account.normalize(email: form.email ?? "")
        let account = try await accounts.account(email: email)
        // Counted per email and address before bcrypt runs; an unknown email costs the same bcrypt work.
        // A person without a password (only a linked provider) is checked against the dummy hash like an unknown email.
        let hash = account.flatMap { $0.hasPassword ? $0.passwordHash : nil }
        let outcome = try await services.passwords.check(form.password ?? "", hash: hash, email: email, address: context.peerAddress)
        switch (outcome, account) {
        case (.accepted, let account?):
            return try await services.startSession(for: account, request: request)
        case (.wait(let message), _):
            return pages.signIn(email: email, request: request, visitor: context.visitor, problems: [message], status: .tooManyRequests)
        default:
            if let account { try await services.record(.signInFailed, account: account.id, request: request) }
            return pages.signIn(
                email: email, request: request, visitor: context.visitor, problems: ["That email and password do not match."],
                status: .unauthorized)
        }
    }
}

/// The CSRF token of a signed-out form (setup, sign-in).
enum SignedOutCSRF {
    /// A signed-in person's session token; else the `airfit_csrf` cookie's value, or a new one with the cookie to set.
    /// Nothing is stored, so a page view creates no row (double-submit: the POST must repeat the cookie).
    static func token(_ request: Request, visitor: Visitor) -> (token: String, cookie: String?) {
        if let signed = visitor.signedIn { return (signed.session.csrfToken, nil) }
        if let token = request.cookies[WebResponses.csrfCookie]?.value, token.count == 43,
            token.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        {
            return (token, nil)
        }
        let token = SessionToken.make()
        return (token, WebResponses.csrfCookieHeader(token, request: request))
    }
}

extension Views {
    /// A page anyone may see (sign-in, setup, forgot password, a link from an email, sign-up) with the CSRF token of
    /// whoever asks: a signed-in person's session token, else the signed-out cookie's (set here when new).
    func signedOutResponse(
        _ view: some PageView, title: String, request: Request, visitor: Visitor, problems: [String] = [], heading: String?,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let (token, cookie) = SignedOutCSRF.token(request, visitor: visitor)
        let chrome = PageChrome(csrf: token, heading: heading, errors: problems)
        let response = response(view, title: title, user: visitor.signedIn?.user, chrome: chrome, status: status)
        return cookie.map { WebResponses.setting(cookie: $0, on: response) } ?? response
    }
}

/// What a new account needs: a real-looking email and a password that passes ``PasswordPolicy``.
enum AccountRules {
    /// Messages for each problem with the entered email and password; empty when both are fine.
    static func problems(email: String, password: String) -> [String] {
        (EmailRule.problem(email).map { [$0] } ?? []) + PasswordPolicy.problems(password, email: email)
    }
}

/// The setup and sign-in forms: email and password.
struct CredentialsForm: Decodable {
    @FormText var email: String?
    @FormText var password: String?
    /// The browser's time zone (`Intl`), filled in by the page's script; checked before use.
    @FormText var timeZone: String?

    enum CodingKeys: String, CodingKey {
        case email, password
        case timeZone = "time_zone"
    }
}
