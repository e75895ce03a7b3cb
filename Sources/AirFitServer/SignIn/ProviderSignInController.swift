import AirFitCore
import AirFitOIDC
import Foundation
import Hummingbird
import Logging

/// Sign-in, sign-up, linking and re-authentication through OpenID Connect providers (authorization code with PKCE,
/// `state` and `nonce`).
///
/// Starting is a POST (from a button), which stores the step and sends the browser to the provider. The provider
/// returns to `/auth/provider/<id>/return`, a page that changes nothing: it posts the code back to `…/finish` with
/// the browser's CSRF token (a script does it at once; without scripts the person presses Continue). Apple answers
/// with a cross-site POST (`response_mode=form_post`), which carries no CSRF token and no cookies: that POST only
/// redirects to the same return page, the one unsafe route the CSRF middleware lets through for that reason.
struct ProviderSignInController: Sendable {
    let services: AccountServices
    let providers: SignInProviders
    let steps: SignInSteps
    let identities: any LinkedIdentityRepository
    let publicURL: URL
    let views: Views
    let logger: Logger

    /// How fresh a provider's sign-in must be to confirm a person (re-authentication, unlock).
    static let confirmWindow: TimeInterval = 5 * 60

    func addRoutes(to group: RouterGroup<AirFitRequestContext>) {
        group.post("/auth/provider/:signInProvider") { request, context -> Response in
            guard let (provider, client) = providers.provider(context.parameters.get("signInProvider")) else { throw Self.unknownProvider }
            // From an invite page: the invite must still work (it is used when the account is made).
            let invite = try await request.decodeForm(ProviderStartForm.self).invite
            if let invite, try await services.usableLink(invite, purpose: .invite) == nil {
                return refusal(InviteFlow.Message.invalid, request: request, context: context, status: .gone)
            }
            return try await begin(
                .providerSignIn, provider: provider, client: client, accountID: nil, invite: invite, request: request, context: context)
        }
        group.post("/unlock/provider/:signInProvider") { request, context -> Response in
            guard case .locked(let signed) = context.visitor else { return WebResponses.redirect("/") }
            guard let (provider, client) = providers.provider(context.parameters.get("signInProvider")) else { throw Self.unknownProvider }
            let form = try await request.decodeForm(NextForm.self)
            return try await begin(
                .providerReauthentication, provider: provider, client: client, accountID: signed.account.id,
                next: AppLock.safeNext(form.next), unlock: true, request: request, context: context)
        }
        group.get("/auth/provider/:signInProvider/return") { request, context -> Response in
            returnPage(request, context: context)
        }
        // Apple's form_post: a cross-site POST with no CSRF token (see the type's comment). It only redirects.
        group.post(ProviderReturn.pathPattern) { request, context -> Response in
            let form = try await request.decodeForm(ProviderReturnForm.self)
            var query: [(String, String)] = []
            for (name, value) in [("code", form.code), ("state", form.state), ("error", form.error)] {
                if let value, value.utf8.count <= 4096 { query.append((name, value)) }
            }
            let path = "/auth/provider/\(context.parameters.get("signInProvider") ?? "")/return"
            return WebResponses.redirect(SudoGate.returnPath(path, keep: query))
        }
        group.post("/auth/provider/:signInProvider/finish") { request, context -> Response in
            try await finish(request, context: context)
        }
    }

    /// The signed-in routes: linking (after re-authentication) and re-authenticating with a provider.
    func addSignedInRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.post("/settings/security/linked/providers/:signInProvider/link") { request, context -> Response in
            let signed = context.signed
            if let gate = SudoGate.check(signed, now: services.now(), returningTo: "/settings/security/linked") { return gate }
            guard let (provider, client) = providers.provider(context.parameters.get("signInProvider")) else { throw Self.unknownProvider }
            return try await begin(
                .providerLink, provider: provider, client: client, accountID: signed.account.id, request: request,
                visitor: .active(context.signed))
        }
        group.post("/reauth/provider/:signInProvider") { request, context -> Response in
            guard let (provider, client) = providers.provider(context.parameters.get("signInProvider")) else { throw Self.unknownProvider }
            let form = try await request.decodeForm(NextForm.self)
            return try await begin(
                .providerReauthentication, provider: provider, client: client, accountID: context.signed.account.id,
                next: SecurityController.next(form.next), request: request, visitor: .active(context.signed))
        }
    }

    static let unknownProvider = HTTPError(.notFound, message: "That sign-in provider isn't set up on this AirFit.")

    private func begin(
        _ purpose: AuthChallenge.Purpose, provider: OIDCProvider, client: OIDCClient, accountID: UUID?, next: String? = nil,
        unlock: Bool = false, invite: String? = nil, request: Request, context: AirFitRequestContext
    ) async throws -> Response {
        try await begin(
            purpose, provider: provider, client: client, accountID: accountID, next: next, unlock: unlock, invite: invite,
            request: request, visitor: context.visitor)
    }

    /// Stores the step and sends the browser to the provider's authorization endpoint (from its discovery document:
    /// configured by the admin, never taken from the request).
    private func begin(
        _ purpose: AuthChallenge.Purpose, provider: OIDCProvider, client: OIDCClient, accountID: UUID?, next: String? = nil,
        unlock: Bool = false, invite: String? = nil, request: Request, visitor: Visitor
    ) async throws -> Response {
        let pkce = PKCE.make()
        let nonce = OIDCRandom.token()
        let step = ProviderStep(
            provider: provider.id, nonce: nonce, verifier: pkce.verifier, next: next, unlock: unlock ? true : nil, invite: invite)
        let state = try await steps.start(purpose, accountID: accountID, payload: step, request: request, visitor: visitor)
        let confirming = purpose == .providerReauthentication
        let url: URL
        do {
            url = try await client.authorizationURL(
                for: provider,
                request: AuthorizationRequest(
                    state: state, nonce: nonce, codeChallenge: pkce.challenge, redirectURI: redirectURI(provider),
                    prompt: confirming ? "login" : nil, maxAge: confirming ? 0 : nil))
        } catch {
            logger.warning("Sign-in provider unreachable", metadata: ["provider": .string(provider.id), "error": "\(error)"])
            throw HTTPError(.badGateway, message: "\(provider.displayName) can't be reached right now. Try again in a moment.")
        }
        return WebResponses.redirectToProvider(url)
    }

    /// Where the provider sends people back: on the public origin.
    func redirectURI(_ provider: OIDCProvider) -> URL {
        publicURL.appending(path: "auth/provider/\(provider.id)/return")
    }

    /// The page the provider returns to: a form posting the code to `finish`, or the provider's refusal.
    private func returnPage(_ request: Request, context: AirFitRequestContext) -> Response {
        let id = context.parameters.get("signInProvider") ?? ""
        let query = request.uri.queryParameters
        let name = providers.name(of: id)
        let code = query["code"].map(String.init) ?? ""
        let state = query["state"].map(String.init) ?? ""
        var problem: String?
        if query["error"] != nil {
            problem = "\(name) didn't sign you in (it was cancelled or refused). You can try again."
        } else if code.isEmpty || state.isEmpty || code.utf8.count > 4096 || state.utf8.count > 128 {
            problem = "\(name) sent you back without a sign-in. Please try again."
        }
        let view = ProviderReturnView(
            action: problem == nil ? "/auth/provider/\(id)/finish" : nil, code: code, state: state, providerName: name,
            back: context.visitor.signedIn == nil ? "/signin" : "/settings/security")
        return views.signedOutResponse(
            view, title: "Signing in", request: request, visitor: context.visitor, problems: problem.map { [$0] } ?? [],
            heading: nil)
    }
}

/// The path the form_post return is registered on, which ``CSRFMiddleware`` recognises.
enum ProviderReturn {
    static let pathPattern: RouterPath = "/auth/provider/:signInProvider/return"

    /// Whether `path` is a provider's return path (`/auth/provider/<id>/return`).
    static func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 5 && parts[0].isEmpty && parts[1] == "auth" && parts[2] == "provider" && !parts[3].isEmpty
            && parts[4] == "return"
    }
}

/// What a provider posts back (Apple's form_post) or the return page posts to `finish`.
struct ProviderReturnForm: Decodable {
    @FormText var code: String?
    @FormText var state: String?
    @FormText var error: String?
}

/// A provider button's form: from an invite page, the invite's token.
struct ProviderStartForm: Decodable {
    @FormText var invite: String?
}

/// A form carrying only where to go next.
struct NextForm: Decodable {
    @FormText var next: String?
}

/// The return page: a form posting the provider's code back with the CSRF token.
struct ProviderReturnView: PageView {
    static let template = "providerReturn"
    let action: String?
    let code: String
    let state: String
    let providerName: String
    let back: String
}
