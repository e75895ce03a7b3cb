import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    /// Every `/api/v1` route the router has, as `"METHOD /path/{parameter}"`.
    static func routerOperations() -> Set<String> {
        let site = buildSite(TestInstallation().dependencies, replies: ActiveReplies())
        return Set(
            site.routes.map { "\($0.method) \($0.path)" }.filter { $0.split(separator: " ").last?.hasPrefix("/api/v1/") == true })
    }

    @Test("Every /api/v1 route the server has is documented with its method, and every documented operation exists")
    func parity() throws {
        let routes = Self.routerOperations()
        let documented = Set(OpenAPIDocument.bundled.operations.map(\.key))
        #expect(routes.count >= 20, "the router's API routes were not found: \(routes.sorted())")
        #expect(routes.subtracting(documented).sorted() == [], "routes openapi.yaml lacks")
        #expect(documented.subtracting(routes).sorted() == [], "documented operations the router lacks")
    }

    @Test("Every documented operation names its scope, answers problem details on error, and has a summary")
    func operationsAreComplete() {
        let schemes = OpenAPIDocument.bundled.root["components"]?["securitySchemes"]
        #expect(schemes?["bearer"]?["scheme"]?.string == "bearer")
        #expect(schemes?["session"]?["name"]?.string == WebResponses.sessionCookie)
        #expect(schemes?["session"]?["description"]?.string?.contains(CSRFMiddleware.header.rawName) == true)
        for operation in OpenAPIDocument.bundled.operations {
            #expect(["read", "write", "chat"].contains(operation.scope), "\(operation.key) needs x-airfit-scope")
            #expect(!operation.summary.isEmpty, "\(operation.key) needs a summary")
            let fallback = operation.answers.first { $0.status == "default" }
            #expect(fallback?.schema == "Problem", "\(operation.key)'s errors must be the Problem schema")
            #expect(operation.scope == Self.scope(operation.method, operation.path), "\(operation.key): the router's scope middleware")
        }
    }

    /// The scope the router's middleware demands: `chat` for the chat, `read` for the export, else by the method.
    static func scope(_ method: String, _ path: String) -> String {
        if path.hasPrefix("/api/v1/chat") { return "chat" }
        if path == "/api/v1/export" { return "read" }
        return method == "GET" ? "read" : "write"
    }

    @Test("YAML becomes JSON with its order, types and anchors kept, and a non-finite number is refused")
    func conversion() throws {
        let yaml = """
            b: 1
            a: [true, null, "2", 2.5, x]
            c: &shared {k: v}
            d: *shared
            """
        let document = try OpenAPIDocument(yaml: yaml)
        #expect(document.json == #"{"b":1,"a":[true,null,"2",2.5,"x"],"c":{"k":"v"},"d":{"k":"v"}}"#)
        #expect(throws: OpenAPIDocumentError.self) { try OpenAPIDocument(yaml: "x: .inf") }
        #expect(throws: OpenAPIDocumentError.self) { try OpenAPIDocument(yaml: "x: [unclosed") }
        let escaped = try OpenAPIDocument(yaml: #"q: "say \"hi\"\n\t\u0001""#)
        #expect(escaped.json == #"{"q":"say \"hi\"\n\t\u0001"}"#)
    }

    @Test("GET /openapi.json serves the document without signing in; it is the YAML in the repository")
    func served() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            let answer = try await client.executeRequest(uri: "/openapi.json", method: .get, headers: [:], body: nil)
            #expect(answer.status == .ok && answer.headers[.contentType]?.hasPrefix("application/json") == true)
            let served = try JSONDecoder().decode(OrderedJSON.self, from: Data(answer.body.readableBytesView))
            #expect(served["openapi"]?.string == "3.1.0")
            #expect(served["paths"]?["/api/v1/workouts"]?["get"]?["x-airfit-scope"]?.string == "read")
            // The repository's openapi.yaml (a link to the compiled-in file) is what is served.
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let yaml = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
            #expect(try OpenAPIDocument(yaml: yaml).json == OpenAPIDocument.bundled.json)
        }
    }

    @Test("GET /api/docs lists every operation with its method, path, scope, parameters and fields, without scripts")
    func reference() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            let answer = try await client.executeRequest(uri: "/api/docs", method: .get, headers: [:], body: nil)
            #expect(answer.status == .ok)
            let html = text(answer.body)
            // The page's own content needs no script (the shared layout links the site's app.js, as on every page).
            let content = try #require(html.range(of: #"<main id="main">"#).map { html[$0.upperBound...] })
            #expect(!content.contains("<script") && content.contains("<table>"))
            #expect(html.components(separatedBy: #"data-testid="api.operation""#).count - 1 == OpenAPIDocument.bundled.operations.count)
            for operation in OpenAPIDocument.bundled.operations {
                #expect(html.contains("<code>\(operation.method) \(operation.path)</code>"), "\(operation.key) missing")
            }
            #expect(html.contains("<code>nextCursor</code>") && html.contains("<code>cursor</code>"))
            #expect(html.contains("<code>durationMinutes</code>") && html.contains("<code>dailyLog</code>"))
        }
    }
}
