import AirFitAI
import AirFitCoach
import AirFitCore
import Foundation
import Hummingbird
import Logging

/// An error of the OpenAI-compatible endpoint, in OpenAI's shape (`{"error":{"message","type","param","code"}}`), so
/// every OpenAI client reports it as it would OpenAI's own.
struct OpenAIError: Error, HTTPResponseError {
    let status: HTTPResponse.Status
    let message: String
    var type = "invalid_request_error"
    var param: String?
    var code: String?
    var headers: HTTPFields = [:]

    /// The body's JSON.
    var json: String { OpenAIErrorBody.json(message: message, type: type, param: param, code: code) }

    /// The same error as one server-sent event frame (a stream that fails after it began).
    var streamFrame: String { OpenAIErrorBody.streamFrame(message: message, type: type, param: param, code: code) }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: json)))
        for field in headers { response.headers[field.name] = field.value }
        return response
    }

    /// A request the relay can't read.
    static func invalid(_ error: OpenAIRelayError) -> OpenAIError {
        OpenAIError(status: .badRequest, message: error.message, param: error.param)
    }

    /// The member has no usable provider (none chosen, or its key is missing).
    static func noProvider(_ error: any Error) -> OpenAIError {
        // The coach's reason already says where to set a provider up.
        OpenAIError(status: .badRequest, message: CoachEngine.reason(for: error), code: "provider_not_configured")
    }

    /// The request field a limit message of ``ChatRequest/validate(for:)`` is about.
    static func param(naming detail: String, maxTokensField: String) -> String? {
        if detail.hasPrefix("temperature") { return "temperature" }
        if detail.hasPrefix("max tokens") { return maxTokensField }
        if detail.hasPrefix("tool") { return "tools" }
        if detail.hasPrefix("the model") { return "model" }
        if detail.hasPrefix("the conversation") { return "messages" }
        return nil
    }

    /// The member's monthly token budget is spent: 429 with `Retry-After` at the reset.
    static func budget(_ error: UsageBudgetError, now: Date) -> OpenAIError {
        var answer = OpenAIError(
            status: .tooManyRequests, message: error.errorDescription ?? "This month's token budget is used up.",
            type: "insufficient_quota", code: "budget_exhausted")
        if case .unavailable = error {
            answer = OpenAIError(
                status: .serviceUnavailable, message: error.errorDescription ?? "Usage can't be checked right now.", type: "api_error")
        } else {
            answer.headers[.retryAfter] = String(error.retryAfterSeconds(now: now))
        }
        return answer
    }

    /// What the member's provider answered, as the client should see it: our client's typed error.
    static func upstream(_ error: any Error, provider: String, maxTokensField: String = "max_tokens") -> OpenAIError {
        guard let service = error as? ServiceError else {
            return OpenAIError(status: .badGateway, message: "\(provider) could not be reached. Try again.", type: "api_error")
        }
        switch service {
        case .invalidConfiguration(let detail):
            return OpenAIError(
                status: .badRequest, message: "Invalid request for \(provider): \(detail).",
                param: Self.param(naming: detail, maxTokensField: maxTokensField))
        case .notConfigured:
            return OpenAIError(status: .badRequest, message: "No AI provider is set up.", code: "provider_not_configured")
        case .authenticationFailed:
            return OpenAIError(
                status: .badGateway,
                message: "\(provider) rejected your saved key. Save a new key in AirFit under Settings → AI provider.",
                type: "api_error", code: "provider_authentication_failed")
        case .rateLimitExceeded(let retryAfter):
            var error = OpenAIError(
                status: .tooManyRequests, message: "\(provider) is rate limiting your key. Wait a moment and try again.",
                type: "rate_limit_error", code: "provider_rate_limited")
            if let retryAfter, retryAfter.isFinite, retryAfter >= 0, retryAfter < 86_400 {
                error.headers[.retryAfter] = String(Int(retryAfter.rounded(.up)))
            }
            return error
        case .timeout, .responseTooLong:
            return OpenAIError(
                status: .gatewayTimeout, message: "\(provider) took too long to answer. Try again.", type: "api_error",
                code: "provider_timeout")
        case .cancelled:
            return OpenAIError(status: .badGateway, message: "The request was cancelled.", type: "api_error")
        case .networkUnavailable, .invalidResponse, .streamingError, .providerError, .unknown:
            return OpenAIError(
                status: .badGateway, message: "\(provider) failed: \(service.errorDescription ?? "unknown error").", type: "api_error",
                code: "provider_error")
        }
    }
}

/// Answers every error under `/v1/` in OpenAI's shape, whatever went wrong (an unknown address, a wrong method, a body
/// too large, a server fault — the last logged by type only).
struct OpenAIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    /// Whether `path` belongs to the OpenAI-compatible endpoint.
    static func isOpenAI(_ path: String) -> Bool { path.hasPrefix("/v1/") || path == "/v1" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.isOpenAI(request.uri.path) else { return try await next(request, context) }
        do {
            return try await next(request, context)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return try openAIError(for: error, path: request.uri.path).response(from: request, context: context)
        }
    }

    func openAIError(for error: any Error, path: String) -> OpenAIError {
        switch error {
        case let error as OpenAIError:
            return error
        case let error as MethodNotAllowed:
            return OpenAIError(
                status: .methodNotAllowed, message: "This address does not accept \(error.method.rawValue); it accepts \(error.allow).",
                headers: [.allow: error.allow])
        case let error as HTTPError:
            let described = SecurityHeadersMiddleware<Context>.withMessage(error)
            return OpenAIError(status: described.status, message: described.body ?? described.status.reasonPhrase)
        case let error as any HTTPResponseError:
            let described = SecurityHeadersMiddleware<Context>.withMessage(HTTPError(error.status))
            return OpenAIError(status: error.status, message: described.body ?? error.status.reasonPhrase)
        default:
            logger.error("OpenAI-compatible request failed", metadata: ["path": "\(path)", "error": "\(type(of: error))"])
            return OpenAIError(
                status: .internalServerError, message: "Something went wrong on the server. Try again in a moment.", type: "api_error")
        }
    }
}

/// Lets through only a request signed by a personal access token with the `openai` scope (the API key of any OpenAI
/// client); everything else gets OpenAI's 401 or 403.
struct OpenAIAuthMiddleware: RouterMiddleware {
    typealias Context = AirFitRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        switch context.bearer {
        case .valid(let access) where access.token.allows(.openai):
            return try await next(request, context)
        case .valid:
            throw OpenAIError(
                status: .forbidden,
                message:
                    "This token doesn't have the OpenAI-compatible (`openai`) permission. Create one with it in Settings → API tokens.",
                type: "permission_error", code: "insufficient_scope")
        case .invalid(let message):
            throw OpenAIError(status: .unauthorized, message: message, type: "authentication_error", code: "invalid_api_key")
        case .absent:
            throw OpenAIError(
                status: .unauthorized,
                message:
                    "Use an AirFit personal access token (Settings → API tokens, with the OpenAI-compatible permission) as the API key.",
                type: "authentication_error", code: "invalid_api_key")
        }
    }
}
