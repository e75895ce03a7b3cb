import Hummingbird
import Logging

/// Turns an error answered to a browser (a request that accepts HTML) into a real page: what went wrong, in the
/// error's own words, and a way home. Scripts and other clients keep the plain message.
struct ErrorPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let views: Views
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where Self.wantsPage(request) {
            let described = SecurityHeadersMiddleware<Context>.withMessage(error)
            return page(ErrorView(status: described.status, message: described.body), headers: described.headers)
        } catch let error as any HTTPResponseError where Self.wantsPage(request) && !(error is HTTPError) {
            let described = SecurityHeadersMiddleware<Context>.withMessage(HTTPError(error.status))
            var response = page(ErrorView(status: error.status, message: described.body), headers: [:])
            if let allowed = (error as? MethodNotAllowed)?.allow { response.headers[.allow] = allowed }
            return response
        } catch  where !(error is CancellationError) && !(error is any HTTPResponseError) && Self.wantsPage(request) {
            logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(type(of: error))"])
            let message = "Something went wrong on the server. Try again in a moment."
            return page(ErrorView(status: .internalServerError, message: message), headers: [:])
        }
    }

    /// A browser navigation or form post (it lists `text/html`); fetches and event streams do not.
    static func wantsPage(_ request: Request) -> Bool {
        request.headers[.accept]?.contains("text/html") ?? false
    }

    private func page(_ view: ErrorView, headers: HTTPFields) -> Response {
        var response = views.response(view, title: view.heading, user: nil, status: view.status)
        for field in headers where field.name != .contentType && field.name != .contentLength { response.headers.append(field) }
        return response
    }
}

/// An error page: a heading for the status, the message, and links onward.
struct ErrorView: PageView {
    static let template = "error"
    let heading: String
    let message: String
    let status: HTTPResponse.Status

    init(status: HTTPResponse.Status, message: String?) {
        self.status = status
        switch status {
        case .notFound: heading = "Page not found"
        case .forbidden: heading = "That did not go through"
        case .methodNotAllowed: heading = "That address works differently"
        case .contentTooLarge: heading = "That was too much"
        case .badRequest, .unprocessableContent: heading = "That could not be read"
        default: heading = status.code >= 500 ? "Something went wrong" : "That did not work"
        }
        self.message = message ?? "Something went wrong. Try again."
    }
}
