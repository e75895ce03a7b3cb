import AirFitCore
import Foundation
import Hummingbird

/// Settings → API tokens: create a personal access token (name, scopes, expiry; its value shown once), list tokens
/// with their last use, revoke one. Every page and change asks for a recent sign-in (``SudoGate``).
struct APITokenController: Sendable {
    let services: AccountServices
    let tokens: any APITokenRepository
    let views: Views

    static let path = "/settings/tokens"

    /// `POST /settings/tokens`.
    struct CreateForm: Decodable {
        @FormText var name: String?
        @Checkbox var scope_read: Bool
        @Checkbox var scope_write: Bool
        @Checkbox var scope_chat: Bool
        @Checkbox var scope_openai: Bool
        @FormText var lifetime: String?

        var scopes: [String] {
            [(scope_read, "read"), (scope_write, "write"), (scope_chat, "chat"), (scope_openai, "openai")].filter(\.0).map(\.1)
        }
    }

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(stringLiteral: Self.path)) { request, context -> Response in
            let signed = context.signed
            if let gate = SudoGate.check(signed, now: services.now(), returningTo: Self.path) { return gate }
            let notice = request.uri.queryParameters["revoked"] != nil ? "Token revoked. Apps using it can no longer sign in." : nil
            return try await page(signed, form: APITokensView.Form(), notice: notice)
        }
        group.post(RouterPath(stringLiteral: Self.path)) { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(CreateForm.self)
            if let gate = SudoGate.check(signed, now: services.now(), returningTo: Self.path, keep: [("name", form.name ?? "")]) {
                return gate
            }
            let typed = APITokensView.Form(name: form.name ?? "", scopes: Set(form.scopes), lifetime: form.lifetime ?? "")
            let existing = try await tokens.apiTokens(accountID: signed.account.id)
            let wanted: APITokenRequest
            do {
                wanted = try APITokenRequest.validated(
                    name: form.name ?? "", scopes: form.scopes, lifetime: form.lifetime ?? "", existing: existing)
            } catch let error as APITokenError {
                return try await page(signed, form: typed, problems: [error.errorDescription ?? ""], status: .unprocessableContent)
            }
            let now = services.now()
            let secret = APITokenSecret.make()
            let token = APIToken(
                accountID: signed.account.id, name: wanted.name, scopes: wanted.scopes, createdAt: now,
                expiresAt: wanted.lifetime.expiry(from: now))
            try await tokens.addAPIToken(token, secretHash: APITokenSecret.hash(secret))
            try await services.record(.apiTokenCreated, account: signed.account.id, request: request)
            // Shown in this answer only: it is stored as a hash and never again readable.
            return try await page(signed, form: APITokensView.Form(), created: .init(name: token.name, value: secret), status: .created)
        }
        group.post("/settings/tokens/:apiToken/revoke") { request, context -> Response in
            let signed = context.signed
            if let gate = SudoGate.check(signed, now: services.now(), returningTo: Self.path) { return gate }
            guard let id = context.parameters.get("apiToken").flatMap(UUID.init(uuidString:)),
                try await tokens.revokeAPIToken(id: id, accountID: signed.account.id)
            else { throw HTTPError(.notFound, message: "That token was already revoked.") }
            try await services.record(.apiTokenRevoked, account: signed.account.id, request: request)
            return WebResponses.redirect(Self.path + "?revoked=1")
        }
    }

    private func page(
        _ signed: SignedIn, form: APITokensView.Form, created: APITokensView.Created? = nil, notice: String? = nil,
        problems: [String] = [], status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let zone = TimeZone(identifier: signed.user.timeZone) ?? .gmt
        let now = services.now()
        let rows = try await tokens.apiTokens(accountID: signed.account.id).map { APITokensView.Row($0, now: now, zone: zone) }
        let view = APITokensView(rows: rows, form: form, created: created, notice: notice)
        return views.response(view, title: "API tokens", signed: signed, problems: problems, status: status)
    }
}

/// Personal access token secrets: `afp_` and 256 random bits, URL-safe; stored only as their SHA-256.
enum APITokenSecret {
    /// Every token starts with this, so secret scanners and people can recognise one.
    static let prefix = "afp_"

    /// A new secret.
    static func make() -> String { prefix + SessionToken.make() }

    /// Lower-case hex SHA-256 of `secret`: what the store keeps and looks up.
    static func hash(_ secret: String) -> String { SessionToken.hash(secret) }
}
