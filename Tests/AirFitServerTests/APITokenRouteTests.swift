import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Personal access tokens and the API's sign-in")
struct APITokenRouteTests {
    /// Creates a token on the page and returns its value, read from the page that shows it once.
    static func createToken(
        _ web: inout WebClient, name: String = "Shortcuts", scopes: [String] = ["read"], lifetime: String = "30"
    ) async throws -> String {
        try await web.get("/settings/tokens")
        let fields = [("name", name), ("lifetime", lifetime)] + scopes.map { ("scope_\($0)", "1") }
        let page = try await web.post("/settings/tokens", fields)
        #expect(page.status == .created)
        let html = text(page.body)
        let marker = #"data-testid="tokens.value" autocomplete"#
        let input = try #require(html.range(of: marker).map { html[..<$0.lowerBound] })
        let value = try #require(input.range(of: #"value=""#, options: .backwards).map { input[$0.upperBound...] })
        return String(value.prefix { $0 != "\"" })
    }

    static func bearer(
        _ client: some TestClientProtocol, _ path: String, token: String, method: HTTPRequest.Method = .get, body: String? = nil
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        if body != nil { headers[.contentType] = "application/json" }
        return try await client.executeRequest(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    @Test("A new token is shown once, stored only as a hash, listed with its scopes and use, and works as Bearer on the API")
    func createAndUse() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let token = try await Self.createToken(&web, scopes: ["read", "write"])
            #expect(token.hasPrefix("afp_") && token.count > 40)
            let list = try await web.get("/settings/tokens")
            #expect(!text(list.body).contains(token), "the value is shown only once")
            #expect(
                text(list.body).contains("Shortcuts") && text(list.body).contains("Read, Write") && text(list.body).contains("Never used"))
            let account = try #require(try await installation.accounts.account(email: "owner@example.com"))
            let stored = try #require(try await installation.tokens.apiTokens(accountID: account.id).first)
            #expect(try await installation.tokens.apiToken(secretHash: SessionToken.hash(token)) == stored)

            let plan = try await Self.bearer(client, "/api/v1/autopilot", token: token)
            #expect(plan.status == .ok && text(plan.body) == #"{"enabled":false}"#)
            // A token's write needs no CSRF token: no browser sends it by itself.
            let put = try await Self.bearer(client, "/api/v1/autopilot", token: token, method: .put, body: #"{"enabled":true}"#)
            #expect(put.status == .ok)
            #expect(try await installation.repository.user(id: account.userID)?.isAutopilotOn == true)
            #expect(try await installation.tokens.apiTokens(accountID: account.id).first?.lastUsedAt == installation.clock.now())
            #expect(text(try await web.get("/settings/tokens").body).contains("Last used"))
            let log = try await installation.securityLog.events(accountID: account.id, limit: 10)
            #expect(log.contains { $0.kind == .apiTokenCreated })
        }
    }

    @Test("A token without the scope is refused with 403 problem details naming the permission")
    func scopes() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let token = try await Self.createToken(&web, scopes: ["chat"])
            let read = try await Self.bearer(client, "/api/v1/autopilot", token: token)
            #expect(read.status == .forbidden)
            #expect(read.headers[.contentType] == APIProblem.contentType)
            let problem = try JSONCoding.decoder.decode(APIProblem.Body.self, from: Data(read.body.readableBytesView))
            #expect(problem.status == 403 && problem.detail.contains("`read`"))
            let write = try await Self.bearer(client, "/api/v1/autopilot", token: token, method: .put, body: #"{"enabled":true}"#)
            #expect(write.status == .forbidden && text(write.body).contains("`write`"))
        }
    }

    @Test("Unknown, revoked and expired tokens get 401 with a Bearer challenge; a token never opens a page")
    func refusedTokens() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let token = try await Self.createToken(&web, scopes: ["read"], lifetime: "7")
            let unknown = try await Self.bearer(client, "/api/v1/plan", token: "afp_" + String(repeating: "x", count: 43))
            #expect(unknown.status == .unauthorized)
            #expect(unknown.headers[.wwwAuthenticate]?.contains(#"error="invalid_token""#) == true)
            #expect(text(unknown.body).contains("revoked or mistyped"))
            // A page asked with a token is not signed in by it.
            let page = try await Self.bearer(client, "/settings", token: token)
            #expect(page.status == .seeOther && page.headers[.location] == "/signin")
            installation.clock.advance(minutes: 7 * 24 * 60 + 1)
            let expired = try await Self.bearer(client, "/api/v1/plan", token: token)
            #expect(expired.status == .unauthorized && text(expired.body).contains("expired"))
            installation.clock.advance(minutes: -(7 * 24 * 60 + 1))
            #expect(try await Self.bearer(client, "/api/v1/plan", token: token).status == .ok)
            // Revoking it (the page asks for a recent sign-in, which this session has).
            let listed = text(try await web.get("/settings/tokens").body)
            let id = try #require(listed.range(of: "/settings/tokens/").map { String(listed[$0.upperBound...].prefix(36)) })
            let revoked = try await web.post("/settings/tokens/\(id)/revoke", [])
            #expect(revoked.status == .seeOther && revoked.headers[.location] == "/settings/tokens?revoked=1")
            #expect(try await Self.bearer(client, "/api/v1/plan", token: token).status == .unauthorized)
            #expect(try await web.post("/settings/tokens/\(id)/revoke", []).status == .notFound)
        }
    }

    @Test("Signed out, the API answers 401 problem details, never a redirect; a session still works with its CSRF header")
    func signedOut() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            let anonymous = try await client.executeRequest(uri: "/api/v1/plan", method: .get, headers: [:], body: nil)
            #expect(anonymous.status == .unauthorized && anonymous.headers[.contentType] == APIProblem.contentType)
            #expect(anonymous.headers[.wwwAuthenticate] == #"Bearer realm="AirFit""#)
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings")
            #expect(try await web.send("/api/v1/plan").status == .ok)
            // A proxy's Basic credentials in front of AirFit are not a token: the session still counts.
            let behindProxy = try await client.executeRequest(
                uri: "/settings", method: .get, headers: [.cookie: web.cookie ?? "", .authorization: "Basic YWxpY2U6c2VjcmV0"], body: nil)
            #expect(behindProxy.status == .ok)
            let missing = try await web.send("/api/v1/nothing-here")
            #expect(
                missing.status == .notFound && missing.headers[.contentType] == APIProblem.contentType,
                "\(missing.headers) \(text(missing.body))")
        }
    }

    @Test("Creating a token checks the form and keeps what was typed; the page asks for a recent sign-in")
    func formChecks() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/tokens")
            let noScope = try await web.post("/settings/tokens", [("name", "Phone"), ("lifetime", "30")])
            #expect(noScope.status == .unprocessableContent && text(noScope.body).contains("Choose at least one thing"))
            #expect(text(noScope.body).contains(#"value="Phone""#))
            _ = try await Self.createToken(&web, name: "Phone")
            let taken = try await web.post("/settings/tokens", [("name", "phone"), ("lifetime", "30"), ("scope_read", "1")])
            #expect(taken.status == .unprocessableContent && text(taken.body).contains("already have a token with this name"))
            installation.clock.advance(minutes: 11)
            let gated = try await web.get("/settings/tokens")
            #expect(gated.status == .seeOther && gated.headers[.location]?.hasPrefix("/reauth?next=") == true)
        }
    }
}
