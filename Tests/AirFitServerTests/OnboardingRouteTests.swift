import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Onboarding pages")
struct OnboardingRouteTests {
    /// Signs up without skipping onboarding.
    private func signedUp(_ client: any TestClientProtocol) async throws -> WebClient {
        var web = WebClient(client: client)
        try await web.get("/setup")
        try await web.post("/setup", [("email", "owner@example.com"), ("password", "correct horse battery")])
        try await web.get("/onboarding")
        return web
    }

    @Test("Walks every screen with validation, back, and a saved profile at the end")
    func fullFlow() async throws {
        try await makeTestApp().test(.router) { client in
            var web = try await signedUp(client)
            let opening = text(try await web.get("/onboarding").body)
            #expect(opening.contains(#"data-testid="onboarding.begin.button""#))
            try await web.post("/onboarding", [("screen", "opening"), ("action", "begin")])
            let life = text(try await web.get("/onboarding").body)
            #expect(life.contains(#"data-testid="onboarding.life.busy_professional""#))
            #expect(life.contains(#"data-testid="onboarding.progress""#))
            let empty = try await web.post("/onboarding", [("screen", "lifeSnapshot"), ("action", "next")])
            #expect(empty.status == .unprocessableContent)
            #expect(text(empty.body).contains("Choose at least one option that describes your life right now."))
            try await web.post("/onboarding", [("screen", "lifeSnapshot"), ("life_busy_professional", "on"), ("action", "next")])
            // Back keeps the answer.
            try await web.post("/onboarding", [("screen", "coreAspiration"), ("action", "back")])
            #expect(text(try await web.get("/onboarding").body).contains(#"name="life_busy_professional" checked"#))
            try await web.post("/onboarding", [("screen", "lifeSnapshot"), ("life_busy_professional", "on"), ("action", "next")])
            let custom = try await web.post("/onboarding", [("screen", "coreAspiration"), ("aspiration", "custom"), ("action", "next")])
            #expect(text(custom.body).contains("Describe your goal in a few words, or pick one of the cards."))
            try await web.post(
                "/onboarding",
                [("screen", "coreAspiration"), ("aspiration", "custom"), ("aspiration_text", "Run a 10k by June"), ("action", "next")])
            try await web.post("/onboarding", [("screen", "coachingStyle"), ("style_analytical", "80"), ("action", "next")])
            try await web.post("/onboarding", [("screen", "engagement"), ("engagement", "consistent_balanced"), ("action", "next")])
            try await web.post("/onboarding", [("screen", "availability"), ("action", "next")])
            let sameTime = try await web.post(
                "/onboarding", [("screen", "sleep"), ("bedtime", "07:00"), ("wake", "07:00"), ("action", "next")])
            #expect(text(sameTime.body).contains("Bedtime and wake time can&#39;t be the same."))
            try await web.post("/onboarding", [("screen", "sleep"), ("bedtime", "22:30"), ("wake", "06:30"), ("action", "next")])
            try await web.post("/onboarding", [("screen", "motivation"), ("units", "metric"), ("baseline", "on"), ("action", "next")])
            let ready = text(try await web.get("/onboarding").body)
            #expect(ready.contains(#"data-testid="onboarding.summary""#))
            #expect(ready.contains("Run a 10k by June"))
            let done = try await web.post("/onboarding", [("screen", "ready"), ("action", "finish")])
            #expect(done.headers[.location] == "/")
            // The units chosen on the last screen are the person's setting; home shows no number they did not enter.
            #expect(text(try await web.get("/settings/units").body).contains(#"value="metric" checked"#))
            #expect(text(try await web.get("/").body).contains(#"data-testid="home.empty""#))
        }
    }

    @Test("A form from another screen changes nothing")
    func staleForm() async throws {
        try await makeTestApp().test(.router) { client in
            var web = try await signedUp(client)
            let stale = try await web.post("/onboarding", [("screen", "sleep"), ("action", "next")])
            #expect(stale.headers[.location] == "/onboarding")
            #expect(text(try await web.get("/onboarding").body).contains("onboarding.begin.button"))
        }
    }

    @Test("With no AI provider, Coach Ready leads to choosing one, and the provider page explains keys, Ollama and custom")
    func readyLeadsToAProvider() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpForOnboarding()
            try await web.walkToAvailability()
            try await web.post("/onboarding", [("screen", "availability"), ("action", "next")])
            try await web.post("/onboarding", [("screen", "sleep"), ("action", "next")])
            try await web.post("/onboarding", [("screen", "motivation"), ("inactivity", "gentle"), ("action", "next")])
            let ready = text(try await web.get("/onboarding").body)
            #expect(ready.contains(#"data-testid="onboarding.ready.provider""#))
            #expect(ready.contains("with your own key"))
            let done = try await web.post("/onboarding", [("screen", "ready"), ("action", "finish_provider")])
            #expect(done.headers[.location] == "/settings/provider?setup=1")
            let setup = text(try await web.get("/settings/provider?setup=1").body)
            #expect(setup.contains(#"data-testid="provider.intro""#))
            #expect(setup.contains("Ollama") && setup.contains("Custom endpoint") && setup.contains("your own key"))
            // The profile was saved: home greets the person, not the onboarding.
            #expect(try await web.get("/").status == .ok)
            #expect(!text(try await web.get("/settings/provider").body).contains(#"data-testid="provider.intro""#))
        }
    }
}
