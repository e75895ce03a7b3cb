import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Security headers and error answers")
struct SecurityHeaderTests {
    private func expectHeaders(_ response: TestResponse, _ what: String) {
        let csp = response.headers[HTTPFields.Element.Name("Content-Security-Policy")!] ?? ""
        #expect(csp.contains("script-src 'self'"), "\(what): no CSP")
        #expect(!csp.contains("script-src 'self' 'unsafe-inline'"), "\(what): inline scripts allowed")
        #expect(csp.contains("frame-ancestors 'none'"), "\(what)")
        #expect(response.headers[HTTPFields.Element.Name("X-Content-Type-Options")!] == "nosniff", "\(what)")
        #expect(response.headers[HTTPFields.Element.Name("Referrer-Policy")!] == "same-origin", "\(what)")
    }

    @Test("Pages, redirects, JSON errors, assets, health and event streams all carry the security headers")
    func everyResponse() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            let redirect = try await web.get("/")
            #expect(redirect.status == .seeOther)
            expectHeaders(redirect, "redirect")
            try await web.signUp()
            expectHeaders(try await web.get("/settings"), "page")
            expectHeaders(try await web.get("/app.js"), "asset")
            expectHeaders(try await web.get("/health"), "health")
            let forbidden = try await web.post("/chat/stream", [("message", "hi")], withCSRF: false)
            #expect(forbidden.status == .forbidden)
            expectHeaders(forbidden, "error")
            let stream = try await web.post("/chat/stream", [("message", "hi"), ("conversation", UUID().uuidString)])
            expectHeaders(stream, "event stream")
        }
    }

    @Test("No page has an inline script or an inline event handler")
    func noInlineScript() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            for path in [
                "/", "/chat", "/settings", "/settings/data", "/settings/provider", "/settings/persona", "/settings/units", "/onboarding",
            ] {
                let html = text(try await web.get(path).body)
                #expect(html.range(of: #"<script(?![^>]*\bsrc=)[^>]*>"#, options: .regularExpression) == nil, "\(path): inline script")
                #expect(html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "\(path): inline handler")
            }
        }
    }

    @Test("A wrong method gets 405 with Allow; an unknown path 404 with a message; a too-large form 413 with a message")
    func errorAnswers() async throws {
        try await makeTestApp().test(.router) { client in
            let wrong = try await client.execute(uri: "/settings/units", method: .delete)
            #expect(wrong.status == .methodNotAllowed)
            #expect(wrong.headers[.allow] == "GET, POST")
            #expect(text(wrong.body).contains("does not accept DELETE"))
            expectHeaders(wrong, "405")
            let missing = try await client.execute(uri: "/no/such/page", method: .get)
            #expect(missing.status == .notFound)
            #expect(text(missing.body).contains("There is nothing at this address."))
            expectHeaders(missing, "404")
            var web = WebClient(client: client)
            try await web.signUp()
            let huge = try await web.post("/settings/units", [("units", String(repeating: "x", count: 200_000))])
            #expect(huge.status == .contentTooLarge)
            #expect(text(huge.body).contains("more than this form accepts"))
            expectHeaders(huge, "413")
        }
    }
}
