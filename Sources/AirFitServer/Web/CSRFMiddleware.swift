import AirFitCore
import Foundation
import Hummingbird

/// The one CSRF check: every POST, PUT, PATCH and DELETE of the site must carry the token of whoever is asking,
/// in the `_csrf` form field or the `X-CSRF-Token` header.
///
/// - A signed-in person (app lock or not): the session's token, which every page of theirs embeds.
/// - Anyone else (the setup and sign-in forms): the `airfit_csrf` cookie's value repeated in the form
///   (double-submit; no session row exists before signing in).
///
/// - A request signed by a valid personal access token (``BearerCredential``) carries no cookies that count and
///   needs no token: a browser never attaches an `Authorization` header across sites by itself.
/// - One exception, by path: a sign-in provider's return (`POST /auth/provider/<id>/return`, Apple's
///   `response_mode=form_post`) is a cross-site POST that can carry neither token nor cookies. Its handler only
///   redirects to the same page as a GET (``ProviderReturn``), which posts on with the token; it changes nothing.
///
/// The body is read here, up to the route's limit (64 KiB unless ``FormLimits`` says more), and handed on
/// buffered, so routes read the same form again without a second network read.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AirFitRequestContext

    /// The form field carrying the token.
    static let field = "_csrf"
    /// The header carrying the token (scripts that send no form).
    static let header = HTTPFields.Element.Name("X-CSRF-Token")!

    let limits: FormLimits

    /// The one route template not checked (see the type's comment), as the router names it; tests skip it by name.
    static let crossSiteReturnRoute = "POST /auth/provider/{signInProvider}/return"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.isUnsafe(request.method), !(request.method == .post && ProviderReturn.matches(request.uri.path)) else {
            return try await next(request, context)
        }
        // A personal access token is sent by a script, never attached by a browser on its own: no cross-site forgery.
        if case .valid = context.bearer { return try await next(request, context) }
        var request = request
        let body = try await request.collectBody(upTo: limits.limit(for: request.uri.path))
        let sent = try request.headers[Self.header] ?? Self.formToken(body)
        guard let expected = Self.expectedToken(request, visitor: context.visitor), let sent,
            Self.constantTimeEqual(sent, expected)
        else { throw HTTPError(.forbidden, message: "The form expired. Reload the page and try again.") }
        return try await next(request, context)
    }

    /// The `_csrf` field of a form body (nil when absent).
    /// - Throws: `HTTPError(.badRequest)` when the body is not a readable form.
    static func formToken(_ body: ByteBuffer) throws -> String? {
        struct TokenField: Decodable {
            @FormText var _csrf: String?
        }
        return try FormDecoding.decode(TokenField.self, from: String(decoding: body.readableBytesView, as: UTF8.self))._csrf
    }

    /// Whether `method` may change something (and so needs the token).
    static func isUnsafe(_ method: HTTPRequest.Method) -> Bool {
        ![.get, .head, .options].contains(method)
    }

    /// The token `visitor`'s forms carry: the session's, or the signed-out cookie's.
    static func expectedToken(_ request: Request, visitor: Visitor) -> String? {
        if let signed = visitor.signedIn { return signed.session.csrfToken }
        return request.cookies[WebResponses.csrfCookie]?.value
    }

    /// Whether two tokens are equal, in time that does not depend on where they differ.
    static func constantTimeEqual(_ first: String, _ second: String) -> Bool {
        let a = Array(first.utf8)
        let b = Array(second.utf8)
        guard a.count == b.count, !a.isEmpty else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// The largest form body each path takes: 64 KiB unless a feature asks for more when the router is composed.
struct FormLimits: Sendable {
    /// The default limit.
    var standard = 64 * 1024
    /// Larger limits by exact path.
    var larger: [String: Int] = [:]

    func limit(for path: String) -> Int { larger[path] ?? standard }
}
