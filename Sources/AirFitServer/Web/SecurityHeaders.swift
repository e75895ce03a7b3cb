import Foundation
import Hummingbird
import Logging

/// Adds the security headers to every response — pages, redirects, JSON errors, event streams and assets — and
/// turns every error into a response with a message a person can act on (a 413 says what was too large; an
/// unexpected error is logged by type only and answered with a 500 that names no internals).
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Scripts only from this site (no inline script or handler), nothing framed, nothing sniffed. Forms post only to
    /// this site, and to `formOrigins`: the configured sign-in providers' origins, since browsers apply `form-action`
    /// to the redirect a sign-in button's POST answers with.
    static func contentSecurityPolicy(formOrigins: [String] = []) -> String {
        [
            "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
            "connect-src 'self'", "font-src 'self'", "object-src 'none'", "base-uri 'none'",
            (["form-action 'self'"] + formOrigins).joined(separator: " "),
            "frame-ancestors 'none'", "manifest-src 'self'", "worker-src 'self'",
        ].joined(separator: "; ")
    }

    /// The headers every response carries.
    static func headers(formOrigins: [String] = []) -> [(HTTPFields.Element.Name, String)] {
        [
            (HTTPFields.Element.Name("Content-Security-Policy")!, contentSecurityPolicy(formOrigins: formOrigins)),
            (HTTPFields.Element.Name("X-Content-Type-Options")!, "nosniff"),
            (HTTPFields.Element.Name("X-Frame-Options")!, "DENY"),
            (HTTPFields.Element.Name("Referrer-Policy")!, "same-origin"),
            (HTTPFields.Element.Name("Cross-Origin-Opener-Policy")!, "same-origin"),
            (HTTPFields.Element.Name("Permissions-Policy")!, "camera=(), microphone=(), payment=(), usb=()"),
        ]
    }

    let logger: Logger
    /// Every response's headers, made once.
    let headers: [(HTTPFields.Element.Name, String)]

    /// The middleware; `formOrigins` are the sign-in providers' origins forms may lead to.
    init(logger: Logger, formOrigins: [String] = []) {
        self.logger = logger
        headers = Self.headers(formOrigins: formOrigins)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError {
            response = try Self.withMessage(error).response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            // Hummingbird's own errors (a body over the limit, …) carry no message: give them ours.
            let described = Self.withMessage(HTTPError(error.status))
            response = try (described.body == nil ? error : described).response(from: request, context: context)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(type(of: error))"])
            response = try HTTPError(.internalServerError, message: "Something went wrong on the server. Try again in a moment.")
                .response(from: request, context: context)
        }
        for (name, value) in headers where response.headers[name] == nil { response.headers[name] = value }
        if response.headers[.cacheControl] == nil, response.status.code >= 300 { response.headers[.cacheControl] = "no-store" }
        return response
    }

    /// `error` with a message for the statuses Hummingbird raises without one.
    static func withMessage(_ error: HTTPError) -> HTTPError {
        guard error.body == nil else { return error }
        switch error.status {
        case .contentTooLarge:
            return HTTPError(error.status, message: "That is more than this form accepts. Shorten what you entered and try again.")
        case .notFound:
            return HTTPError(error.status, message: "There is nothing at this address.")
        case .badRequest:
            return HTTPError(error.status, message: "The request could not be read. Reload the page and try again.")
        default:
            return error
        }
    }
}
