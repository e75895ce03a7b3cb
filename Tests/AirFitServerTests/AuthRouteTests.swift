import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Sign-in and first run")
struct AuthRouteTests {
    @Test("A first visit goes to account setup; pages need a session")
    func firstVisitGoesToSetup() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            let home = try await web.get("/")
            #expect(home.status == .seeOther)
            #expect(home.headers[.location] == "/setup")
            let settings = try await web.get("/settings/units")
            #expect(settings.headers[.location] == "/setup")
        }
    }

    @Test("Setup shows what is wrong with the email and password")
    func setupValidation() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.get("/setup")
            let response = try await web.post("/setup", [("email", "nope"), ("password", "short")])
            #expect(response.status == .unprocessableContent)
            let html = text(response.body)
            #expect(html.contains("Enter an email address like name@example.com."))
            #expect(html.contains("Use a password of at least 10 characters."))
            #expect(html.contains(#"role="alert""#))
        }
    }

    @Test("Setup signs the owner in with an HttpOnly SameSite=Lax cookie and lands on onboarding")
    func setupSignsIn() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.get("/setup")
            let created = try await web.post("/setup", [("email", "Owner@Example.com"), ("password", "correct horse battery")])
            #expect(created.status == .seeOther)
            let cookie = try #require(created.headers[.setCookie])
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            // Kept as long as the session lives (30 days), so closing the browser does not sign the owner out.
            #expect(cookie.contains("Max-Age=2592000"))
            #expect(!cookie.contains("Secure"))
            let home = try await web.get("/")
            #expect(home.headers[.location] == "/onboarding")
            #expect(try await web.get("/onboarding").status == .ok)
            // Setup is closed once an account exists.
            #expect(try await web.get("/setup").headers[.location] == "/signin")
        }
    }

    @Test(
        "Setup stores the browser's time zone; a zone this system does not know leaves the default",
        arguments: [
            ("Europe/Berlin", "Europe/Berlin"), ("Mars/Olympus_Mons", TimeZone.current.identifier), ("", TimeZone.current.identifier),
        ])
    func setupTakesTheBrowsersTimeZone(sent: String, stored: String) async throws {
        let dependencies = ServerDependencies(health: StubHealth(), passwordCost: 4)
        try await Application(router: buildRouter(dependencies)).test(.router) { client in
            var web = WebClient(client: client)
            #expect(text(try await web.get("/setup").body).contains(#"name="time_zone" value="" data-browser-time-zone"#))
            try await web.post("/setup", [("email", "owner@example.com"), ("password", "correct horse battery"), ("time_zone", sent)])
            #expect(try await dependencies.repository.users().first?.timeZone == stored)
        }
    }

    @Test("'Maybe later' at onboarding survives signing out and in")
    func maybeLaterIsKept() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpForOnboarding()
            try await web.post("/onboarding", [("screen", "opening"), ("action", "skip")])
            #expect(try await web.get("/").status == .ok)
            try await web.post("/signout", [])
            var again = WebClient(client: client)
            try await again.get("/signin")
            try await again.post("/signin", [("email", "owner@example.com"), ("password", "correct horse battery")])
            let home = try await again.get("/")
            #expect(home.status == .ok, "home, not onboarding: \(home.headers[.location] ?? "")")
        }
    }

    @Test("A session in use slides forward, and so does its cookie's lifetime; an idle minute changes neither")
    func cookieSlides() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            #expect(try await web.get("/").headers[.setCookie] == nil)
            installation.clock.advance(minutes: 3 * 24 * 60)
            let later = try await web.get("/")
            let cookie = try #require(later.headers[.setCookie])
            #expect(cookie.hasPrefix("airfit_session=") && cookie.contains("Max-Age=2592000") && cookie.contains("HttpOnly"))
            #expect(try await web.get("/").headers[.setCookie] == nil)
        }
    }

    @Test("Forms without the CSRF token are refused")
    func csrfEnforced() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.get("/setup")
            let noToken = try await web.post(
                "/setup", [("email", "a@example.com"), ("password", "correct horse battery")], withCSRF: false)
            #expect(noToken.status == .forbidden)
            try await web.signUp()
            let units = try await web.post("/settings/units", [("units", "metric")], withCSRF: false)
            #expect(units.status == .forbidden)
            web.csrf = "forged"
            #expect(try await web.post("/settings/units", [("units", "metric")]).status == .forbidden)
        }
    }

    @Test("Sign out, wrong password, then rate limited after five failures")
    func signInAndRateLimit() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings")
            #expect(try await web.post("/signout", []).headers[.location] == "/signin")
            #expect(try await web.get("/settings").headers[.location] == "/signin")
            try await web.get("/signin")
            for _ in 0..<5 {
                let wrong = try await web.post("/signin", [("email", "owner@example.com"), ("password", "wrong password!")])
                #expect(wrong.status == .unauthorized)
                #expect(text(wrong.body).contains("That email and password do not match."))
            }
            let limited = try await web.post("/signin", [("email", "owner@example.com"), ("password", "correct horse battery")])
            #expect(limited.status == .tooManyRequests)
        }
    }

    @Test("The right password signs in; the cookie is Secure behind HTTPS")
    func signIn() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings")
            try await web.post("/signout", [])
            try await web.get("/signin")
            let ok = try await web.post("/signin", [("email", "OWNER@example.com "), ("password", "correct horse battery")])
            #expect(ok.headers[.location] == "/")
            #expect(try await web.get("/settings").status == .ok)
            let https = try await client.executeRequest(
                uri: "/signin", method: .get, headers: [HTTPFields.Element.Name("X-Forwarded-Proto")!: "https"], body: nil)
            #expect(https.headers[.setCookie]?.contains("Secure") == true)
        }
    }

    @Test("Thirty parallel wrong passwords get at most five password checks; the rest are told to wait")
    func parallelGuessesAreCounted() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.post("/signout", [])
            try await web.get("/signin")
            let signedOut = web
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<30 {
                    group.addTask {
                        var guess = signedOut
                        return try await guess.post("/signin", [("email", "owner@example.com"), ("password", "wrong password!")]).status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == 5)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 25)
            let waiting = try await web.post("/signin", [("email", "owner@example.com"), ("password", "correct horse battery")])
            #expect(waiting.status == .tooManyRequests)
            #expect(text(waiting.body).contains("Too many attempts. Try again in"))
        }
    }

    @Test("Showing the sign-in page stores nothing: no session before signing in")
    func signInPageCreatesNoSession() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.post("/signout", [])
            for _ in 0..<3 {
                let page = try await client.execute(uri: "/signin", method: .get)
                let cookies = page.headers[values: .setCookie]
                #expect(cookies.allSatisfy { $0.hasPrefix("airfit_csrf=") })
                #expect(!cookies.contains { $0.hasPrefix("airfit_session=") })
            }
        }
    }
}
