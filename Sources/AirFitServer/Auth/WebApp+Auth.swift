import AirFitCore
import Foundation
import Hummingbird

/// First run, sign-in and sign-out.
extension WebApp {
    func registerAuth(on router: Router<AirFitRequestContext>) {
        router.get("/setup") { request, _ -> Response in
            guard try await dependencies.accounts.accountCount() == 0 else { return WebResponses.redirect("/signin") }
            return try await authPage("setup", title: "Welcome", request: request, email: "", errors: [])
        }
        router.post("/setup") { request, _ -> Response in try await setup(request) }
        router.get("/signin") { request, _ -> Response in
            if try await dependencies.accounts.accountCount() == 0 { return WebResponses.redirect("/setup") }
            return try await authPage("signin", title: "Sign in", request: request, email: "", errors: [])
        }
        router.post("/signin") { request, context -> Response in
            try await signIn(request, peer: context.remoteAddress?.ipAddress ?? "unknown")
        }
        router.post("/signout") { request, _ -> Response in
            // Works while app lock wants the password too: signing out is always allowed.
            let signed: Signed
            switch try await signInState(request) {
            case .active(let found), .locked(let found): signed = found
            case .signedOut: return WebResponses.redirect("/signin")
            }
            let form = try await FormData.read(request)
            guard Self.csrfMatches(form, signed.session) else {
                throw HTTPError(.forbidden, message: "The form expired. Reload the page and try again.")
            }
            try await sessions.remove(signed.token)
            let cookie = WebResponses.sessionCookieHeader("", request: request, expire: true)
            return WebResponses.setting(cookie: cookie, on: WebResponses.redirect("/signin"))
        }
    }

    /// Renders the setup or sign-in form with the signed-out CSRF token (no session is created before signing in).
    private func authPage(
        _ template: String, title: String, request: Request, email: String, errors: [String], status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let (token, cookie) = anonymousCSRF(request)
        var response = page(
            template, title: title, user: nil,
            context: ["csrf": token, "email": email, "errors": errors, "hasErrors": !errors.isEmpty])
        response.status = status
        return cookie.map { WebResponses.setting(cookie: $0, on: response) } ?? response
    }

    /// Reads a signed-out form, checking that its CSRF token repeats the `airfit_csrf` cookie (constant time).
    private func anonymousForm(_ request: Request) async throws -> FormData {
        let form = try await FormData.read(request)
        guard let cookie = request.cookies[WebResponses.csrfCookie]?.value, let sent = form["_csrf"],
            Self.constantTimeEqual(sent, cookie)
        else { throw HTTPError(.forbidden, message: "The form expired. Reload the page and try again.") }
        return form
    }

    private func setup(_ request: Request) async throws -> Response {
        let form = try await anonymousForm(request)
        guard try await dependencies.accounts.accountCount() == 0 else { return WebResponses.redirect("/signin") }
        let email = Account.normalize(email: form["email"] ?? "")
        let password = form["password"] ?? ""
        let errors = AccountRules.problems(email: email, password: password)
        guard errors.isEmpty else {
            return try await authPage(
                "setup", title: "Welcome", request: request, email: email, errors: errors, status: .unprocessableContent)
        }
        // The person who wins a parallel first run becomes the owner; the others are sent to sign in.
        let existing = try await dependencies.repository.users().first
        let hash = try await PasswordHasher(cost: dependencies.passwordCost).hash(password)
        let account = Account(email: email, passwordHash: hash, userID: existing?.id ?? UUID())
        guard try await dependencies.accounts.createFirstAccount(account) else { return WebResponses.redirect("/signin") }
        if existing == nil { try await dependencies.repository.createUser(User(id: account.userID, email: email)) }
        return try await startSession(for: account, request: request)
    }

    private func signIn(_ request: Request, peer: String) async throws -> Response {
        let form = try await anonymousForm(request)
        let email = Account.normalize(email: form["email"] ?? "")
        let account = try await dependencies.accounts.account(email: email)
        // Counted per email and address before bcrypt runs; an unknown email costs the same bcrypt work.
        let outcome = try await passwords.check(form["password"] ?? "", hash: account?.passwordHash, email: email, address: peer)
        switch (outcome, account) {
        case (.accepted, let account?):
            return try await startSession(for: account, request: request)
        case (.wait(let message), _):
            return try await authPage(
                "signin", title: "Sign in", request: request, email: email, errors: [message], status: .tooManyRequests)
        default:
            return try await authPage(
                "signin", title: "Sign in", request: request, email: email,
                errors: ["That email and password do not match."], status: .unauthorized)
        }
    }

    /// A fresh session token on sign-in, so a token planted before sign-in is worthless.
    private func startSession(for account: Account, request: Request) async throws -> Response {
        if let old = request.cookies[WebResponses.sessionCookie]?.value { try await sessions.remove(old) }
        let created = try await sessions.create(accountID: account.id)
        return WebResponses.setting(
            cookie: WebResponses.sessionCookieHeader(created.token, request: request), on: WebResponses.redirect("/"))
    }
}

/// What a new account needs.
enum AccountRules {
    /// Messages for each problem with the entered email and password; empty when both are fine.
    static func problems(email: String, password: String) -> [String] {
        var problems: [String] = []
        let parts = email.split(separator: "@")
        if parts.count != 2 || !parts[1].contains(".") { problems.append("Enter an email address like name@example.com.") }
        if password.count < 10 { problems.append("Use a password of at least 10 characters.") }
        if password.utf8.count > 72 { problems.append("Use a password of at most 72 bytes.") }
        return problems
    }
}
