import AirFitCore
import Foundation
import Hummingbird
import Logging

/// An API error as RFC 9457 problem details (`application/problem+json`): the status, its title, a `detail` a
/// developer can act on, and for validation errors the fields at fault.
struct APIProblem: Error, HTTPResponseError {
    /// One field at fault.
    struct FieldProblem: Codable, Sendable, Equatable {
        /// The field's name as sent (a JSON key, or a path such as `edits[0].day`).
        let field: String
        let message: String
    }

    let status: HTTPResponse.Status
    let detail: String
    var errors: [FieldProblem] = []
    /// Extra headers (`WWW-Authenticate`, `Retry-After`).
    var headers: HTTPFields = [:]

    static let contentType = "application/problem+json"

    /// 401 for a request without a usable sign-in or token.
    static func unauthorized(_ detail: String, tokenError: Bool) -> APIProblem {
        let challenge = tokenError ? #"Bearer realm="AirFit", error="invalid_token""# : #"Bearer realm="AirFit""#
        return APIProblem(status: .unauthorized, detail: detail, headers: [.wwwAuthenticate: challenge])
    }

    /// 422 naming the fields at fault; `detail` sums them up.
    static func invalid(_ errors: [FieldProblem]) -> APIProblem {
        APIProblem(status: .unprocessableContent, detail: errors.first?.message ?? "The request has invalid fields.", errors: errors)
    }

    /// 400 for a body that is not the JSON the operation takes.
    static func unreadable(_ what: String, _ error: DecodingError) -> APIProblem {
        APIProblem(status: .badRequest, detail: "The request isn't \(what): \(error.readableDescription)")
    }

    /// The JSON body (RFC 9457 members, plus `errors`).
    struct Body: Codable, Sendable {
        let type: String
        let title: String
        let status: Int
        let detail: String
        let errors: [FieldProblem]?
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = Body(
            type: "about:blank", title: status.reasonPhrase, status: status.code, detail: detail, errors: errors.isEmpty ? nil : errors)
        var response = Response(
            status: status,
            headers: [.contentType: Self.contentType, .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: try JSONCoding.encoder.encode(body))))
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}

/// Answers every error of an `/api/` address as problem details, whatever the client accepts: Hummingbird's and our
/// `HTTPError`s keep their status and message; anything else is a 500 with a generic message (logged by type only).
struct APIProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    /// Whether `path` belongs to the JSON API.
    static func isAPI(_ path: String) -> Bool { path.hasPrefix("/api/") }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.isAPI(request.uri.path) else { return try await next(request, context) }
        do {
            return try await next(request, context)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // Answered here, not thrown on: the outer middleware would give a plain message instead.
            return try problem(for: error, path: request.uri.path).response(from: request, context: context)
        }
    }

    /// `error` as problem details.
    func problem(for error: any Error, path: String) -> APIProblem {
        switch error {
        case let problem as APIProblem:
            return problem
        case let error as HTTPError:
            let described = SecurityHeadersMiddleware<Context>.withMessage(error)
            var problem = APIProblem(status: described.status, detail: described.body ?? described.status.reasonPhrase)
            problem.headers = described.headers
            problem.headers[.contentType] = nil
            return problem
        case let error as MethodNotAllowed:
            return APIProblem(
                status: .methodNotAllowed, detail: "This address does not accept \(error.method.rawValue); it accepts \(error.allow).",
                headers: [.allow: error.allow])
        case let error as any HTTPResponseError:
            let described = SecurityHeadersMiddleware<Context>.withMessage(HTTPError(error.status))
            return APIProblem(status: error.status, detail: described.body ?? error.status.reasonPhrase)
        default:
            logger.error("API request failed", metadata: ["path": "\(path)", "error": "\(type(of: error))"])
            return APIProblem(status: .internalServerError, detail: "Something went wrong on the server. Try again in a moment.")
        }
    }
}
