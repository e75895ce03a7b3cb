import Hummingbird

/// When the server speaks HTTPS itself, every request is marked `X-Forwarded-Proto: https` (replacing whatever a
/// client sent), so cookies are `Secure` exactly as behind an HTTPS reverse proxy.
struct DirectHTTPSMiddleware<Context: RequestContext>: RouterMiddleware {
    static var header: HTTPFields.Element.Name { HTTPFields.Element.Name("X-Forwarded-Proto")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var head = request.head
        head.headerFields[Self.header] = "https"
        return try await next(Request(head: head, body: request.body), context)
    }
}
