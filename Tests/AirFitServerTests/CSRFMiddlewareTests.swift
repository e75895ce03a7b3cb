import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("One CSRF check for every form")
struct CSRFMiddlewareTests {
    /// Every POST the router knows (with development tools on), path parameters filled in.
    static func postPaths() -> [String] {
        let router = buildRouter(ServerDependencies(health: StubHealth(), passwordCost: 4, isDevelopment: true))
        return router.routes.filter {
            $0.method == .post && !$0.path.description.contains("*") && "POST \($0.path)" != CSRFMiddleware.crossSiteReturnRoute
        }
        .map { $0.path.description.replacingOccurrences(of: ":provider", with: "openai") }
    }

    @Test("Every POST route refuses a signed-in form without the session's token, and changes nothing")
    func everyPostNeedsTheToken() async throws {
        let paths = Self.postPaths()
        let installation = TestInstallation()
        var dependencies = installation.dependencies
        dependencies.isDevelopment = true
        try await Application(router: buildRouter(dependencies)).test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let before = try await installation.repository.user(id: try #require(await installation.repository.users().first).id)
            var checked = 0
            for path in paths {
                let missing = try await web.post(path, [("action", "next")], withCSRF: false)
                // The router's 405 answer for a path that only has a GET (it changes nothing).
                if missing.status == .methodNotAllowed { continue }
                // The OpenAI-compatible endpoint takes tokens only: a browser session is refused outright, before any
                // CSRF question (a browser never attaches an Authorization header by itself).
                if OpenAIErrorMiddleware<AirFitRequestContext>.isOpenAI(path) {
                    #expect(missing.status == .unauthorized, "POST \(path) with a session")
                    continue
                }
                checked += 1
                #expect(missing.status == .forbidden, "POST \(path) without a token")
                #expect(text(missing.body).contains("The form expired"), "POST \(path) says why")
                let token = web.csrf
                // Another token of the same length: the first character changed (never to itself).
                web.csrf = (token?.first == "x" ? "y" : "x") + String((token ?? "").dropFirst())
                let wrong = try await web.post(path, [("action", "next")])
                web.csrf = token
                #expect(wrong.status == .forbidden, "POST \(path) with another token")
            }
            #expect(checked >= 20, "every form of the app was tried")
            let after = try await installation.repository.user(id: try #require(before).id)
            #expect(after == before)
        }
    }

    @Test("A signed-out form must repeat its cookie's token; a signed-in person's sign-in page carries the session's")
    func signedOutForms() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.get("/setup")
            let anonymous = try #require(web.csrf)
            // The token without the cookie that carries it (a cross-site form) is refused.
            var stranger = WebClient(client: client)
            stranger.csrf = anonymous
            let forged = try await stranger.post("/setup", [("email", "a@example.com"), ("password", "long enough password")])
            #expect(forged.status == .forbidden)
            try await web.post("/setup", [("email", "owner@example.com"), ("password", "correct horse battery")])
            try await web.get("/signin")
            #expect(web.csrf != anonymous, "the page signed in shows the session's token")
            let again = try await web.post("/signin", [("email", "owner@example.com"), ("password", "correct horse battery")])
            #expect(again.status == .seeOther)
        }
    }
}
