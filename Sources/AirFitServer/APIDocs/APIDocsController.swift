import Hummingbird

/// The API's description: `GET /openapi.json` (the OpenAPI document) and `GET /api/docs` (its reference page). Both
/// public: they describe the API, not anyone's data.
struct APIDocsController: Sendable {
    let document: OpenAPIDocument
    let views: Views

    func addRoutes(to group: RouterGroup<AirFitRequestContext>) {
        let json = document.json
        group.get("/openapi.json") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: json)))
        }
        let page = APIReferenceView(document: document)
        group.get("/api/docs") { _, _ -> Response in
            views.response(page, title: "\(page.title) reference", user: nil)
        }
    }
}
