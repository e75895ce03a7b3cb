import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting

@testable import AirFitServer

/// Health that is always fine; the web tests do not exercise it.
struct StubHealth: HealthChecking {
    func report() async -> HealthReport {
        HealthReport(
            status: "ok", version: "test",
            database: .init(backend: "sqlite", status: "ok", pendingMigrations: [], journalMode: nil, error: nil))
    }
}

/// A tiny browser over the test client: keeps the session cookie and the last page's CSRF token.
struct WebClient {
    let client: any TestClientProtocol
    var cookie: String?
    var csrf: String?

    /// GETs `path`, remembering any cookie and CSRF token.
    @discardableResult
    mutating func get(_ path: String) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let cookie { headers[.cookie] = cookie }
        let response = try await client.executeRequest(uri: path, method: .get, headers: headers, body: nil)
        remember(response)
        return response
    }

    /// POSTs a form; `withCSRF: false` leaves the token out.
    @discardableResult
    mutating func post(_ path: String, _ fields: [(String, String)], withCSRF: Bool = true) async throws -> TestResponse {
        var all = fields
        if withCSRF, let csrf { all.append(("_csrf", csrf)) }
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let cookie { headers[.cookie] = cookie }
        let response = try await client.executeRequest(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
        remember(response)
        return response
    }

    /// Creates the owner account and skips onboarding.
    mutating func signUp(email: String = "owner@example.com", password: String = "correct horse battery") async throws {
        try await get("/setup")
        try await post("/setup", [("email", email), ("password", password)])
        try await get("/onboarding")
        try await post("/onboarding", [("screen", "opening"), ("action", "skip")])
    }

    private mutating func remember(_ response: TestResponse) {
        if let setCookie = response.headers[.setCookie], let pair = setCookie.split(separator: ";").first {
            cookie = setCookie.contains("Max-Age=0") ? nil : String(pair)
        }
        let html = text(response.body)
        if let range = html.range(of: #"name="_csrf" value=""#) {
            csrf = String(html[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}

/// An app over in-memory stores with a cheap bcrypt cost.
func makeTestApp() -> some ApplicationProtocol {
    Application(router: buildRouter(ServerDependencies(health: StubHealth(), passwordCost: 4)))
}

/// A response body as text.
func text(_ buffer: ByteBuffer) -> String { String(decoding: buffer.readableBytesView, as: UTF8.self) }
