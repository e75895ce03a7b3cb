import AirFitCore
import Hummingbird

/// The context of a JSON API route: the member asking, by browser session or by personal access token.
struct APIRequestContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The member's account.
    let account: Account
    /// The member's settings and profile.
    let user: User
    /// The token that signed the request; `nil` for a browser session (which may do everything its pages do, and
    /// whose unsafe requests carry the CSRF token).
    let token: APIToken?
    /// The peer's address for the sign-in limit.
    let peerAddress: String

    init(context: AirFitRequestContext) throws {
        // APIAuthMiddleware answers 401 for everyone else before this group's routes run.
        if case .valid(let access) = context.bearer {
            account = access.account
            user = access.user
            token = access.token
        } else if case .active(let signed) = context.visitor {
            account = signed.account
            user = signed.user
            token = nil
        } else {
            throw APIProblem.unauthorized("Sign in first.", tokenError: false)
        }
        coreContext = context.coreContext
        peerAddress = context.peerAddress
    }

    /// Whether the request may do what `scope` covers.
    func allows(_ scope: APITokenScope) -> Bool { token?.allows(scope) ?? true }
}

/// Lets through only a member: a valid bearer token, or an active browser session. Everyone else gets 401 problem
/// details (never a redirect to a sign-in page: API clients can't follow one).
struct APIAuthMiddleware: RouterMiddleware {
    typealias Context = AirFitRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        switch context.bearer {
        case .valid: return try await next(request, context)
        case .invalid(let detail): throw APIProblem.unauthorized(detail, tokenError: true)
        case .absent: break
        }
        switch context.visitor {
        case .active: return try await next(request, context)
        case .locked:
            throw APIProblem.unauthorized("AirFit is locked in this browser. Unlock it, then try again.", tokenError: false)
        case .signedOut:
            throw APIProblem.unauthorized(
                "Sign in, or send a personal access token as `Authorization: Bearer <token>` (Settings → API tokens).", tokenError: false)
        }
    }
}

/// Refuses a token without the scope an operation needs (403 problem details naming it). Browser sessions pass.
struct RequireScopeMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext

    /// The scope a request needs, by its method.
    let scope: @Sendable (HTTPRequest.Method) -> APITokenScope

    /// `read` for GET and HEAD, `write` for everything else.
    static let readWrite = RequireScopeMiddleware { [.get, .head].contains($0) ? .read : .write }

    /// One scope for every method.
    static func only(_ scope: APITokenScope) -> RequireScopeMiddleware { RequireScopeMiddleware { _ in scope } }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let needed = scope(request.method)
        guard context.allows(needed) else {
            throw APIProblem(
                status: .forbidden,
                detail: "This token doesn't have the \(needed.label) (`\(needed.rawValue)`) permission this needs. "
                    + "Create a token with it in Settings → API tokens.")
        }
        return try await next(request, context)
    }
}
