import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("AI coach persona and communication style pages")
struct PersonaRouteTests {
    @Test("Before onboarding both pages offer to set up the coach")
    func notOnboarded() async throws {
        try await TestInstallation().app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let persona = text(try await web.get("/settings/persona").body)
            #expect(attributeValues("href", testID: "persona.setup", in: persona) == ["/onboarding"])
            #expect(persona.contains("Set up your coach"))
            #expect(!persona.contains("persona.blend.chart"))
            #expect(!persona.contains("persona.refine"))
            let communication = text(try await web.get("/settings/communication").body)
            #expect(attributeValues("href", testID: "persona.setup", in: communication) == ["/onboarding"])
            #expect(!communication.contains("communication.save"))
            let post = try await web.post("/settings/communication", [("absence", "wait"), ("celebration", "private")])
            #expect(post.status == .conflict)
            #expect(try await web.post("/settings/persona/refine", []).headers[.location] == "/onboarding")
        }
    }

    @Test("The persona page shows the tags, the blend as an accessible donut, communication rows and the summary")
    func personaPage() async throws {
        try await TestInstallation().app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpAndOnboard()
            let html = text(try await web.get("/settings/persona").body)
            #expect(html.contains(#"<li class="tag primary" data-testid="persona.tag.primary">Analytical</li>"#))
            #expect(html.contains(#"<li class="tag" data-testid="persona.tag.secondary">Encouraging</li>"#))
            #expect(
                attributeValues("aria-label", testID: "persona.blend.chart", in: html) == [
                    "Coaching style blend: Analytical &amp; Insightful 50%, Encouraging &amp; Empathetic 25%, "
                        + "Authoritative &amp; Direct 15%, Playfully Provocative 10%"
                ])
            #expect(attributeValues("role", testID: "persona.blend.chart", in: html) == ["img"])
            // Clockwise from 12 o'clock on a circle of circumference 100.
            #expect(attributeValues("stroke-dasharray", testID: "persona.blend.segment", in: html) == ["50 50", "25 75", "15 85", "10 90"])
            #expect(attributeValues("stroke-dashoffset", testID: "persona.blend.segment", in: html) == ["25", "75", "50", "35"])
            #expect(html.contains(#"data-testid="persona.absence">Gentle Nudge<"#))
            #expect(html.contains(#"data-testid="persona.celebration">Subtle &amp; Affirming<"#))
            #expect(html.contains(#"data-testid="persona.quietHours">10:30 PM – 6:30 AM<"#))
            // The sleep window became the quiet hours: one concept, one name.
            let notifications = text(try await web.get("/settings/notifications").body)
            #expect(notifications.contains(#"name="quiet_start" type="time" value="22:30""#))
            #expect(notifications.contains(#"name="quiet_end" type="time" value="06:30""#))
            #expect(html.contains("Your coach leads with analytical, data-driven insight, backed by genuine encouragement"))
            #expect(html.contains(#"<div id="persona-preview"></div>"#))
            #expect(html.contains(#"data-testid="persona.preview.generate""#))
            #expect(html.contains(#"data-testid="persona.preview""#))
            let script = try #require(WebAssets.all.first { $0.name == "persona-preview.js" })
            #expect(html.contains(#"<script src="\#(script.path)" defer></script>"#))
            #expect(try await web.get(script.path).status == .ok)
            #expect(!html.contains("persona.continue"))
        }
    }

    @Test("Refine walks the flow with the current answers filled in; finishing replaces the profile, keeping its identity")
    func refine() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpAndOnboard()
            let account = try #require(try await installation.repository.users().first)
            let before = try #require(try await installation.repository.onboardingProfile(userID: account.id))
            try await web.get("/settings/persona")
            #expect(try await web.post("/settings/persona/refine", [], withCSRF: false).status == .forbidden)
            let refine = try await web.post("/settings/persona/refine", [])
            #expect(refine.headers[.location] == "/onboarding")

            #expect(text(try await web.get("/onboarding").body).contains(#"name="life_busy_professional" checked"#))
            // The persona stays as it was until the flow is finished; the page offers to continue.
            #expect(text(try await web.get("/settings/persona").body).contains(#"data-testid="persona.continue""#))
            #expect(try await installation.repository.onboardingProfile(userID: account.id) == before)

            try await web.post("/onboarding", [("screen", "lifeSnapshot"), ("life_busy_professional", "on"), ("action", "next")])
            #expect(text(try await web.get("/onboarding").body).contains(#"value="endurance" checked"#))
            try await web.post("/onboarding", [("screen", "coreAspiration"), ("aspiration", "endurance"), ("action", "next")])
            let style = text(try await web.get("/onboarding").body)
            #expect(attributeValues("value", testID: "onboarding.style.analytical", in: style) == ["50"])
            try await web.post(
                "/onboarding",
                [
                    ("screen", "coachingStyle"), ("style_authoritative", "70"), ("style_empathetic", "10"), ("style_analytical", "10"),
                    ("style_playful", "10"), ("action", "next"),
                ])
            try await web.post("/onboarding", [("screen", "engagement"), ("engagement", "consistent_balanced"), ("action", "next")])
            try await web.post("/onboarding", [("screen", "availability"), ("action", "next")])
            #expect(text(try await web.get("/onboarding").body).contains(#"value="22:30""#))
            try await web.post("/onboarding", [("screen", "sleep"), ("bedtime", "23:00"), ("wake", "07:00"), ("action", "next")])
            try await web.post(
                "/onboarding",
                [
                    ("screen", "motivation"), ("achievement", "enthusiastic"), ("inactivity", "wait"), ("units", "metric"),
                    ("action", "next"),
                ])
            try await web.post("/onboarding", [("screen", "ready"), ("action", "finish")])

            let after = try #require(try await installation.repository.onboardingProfile(userID: account.id))
            #expect(after.id == before.id)
            #expect(after.createdAt == before.createdAt)
            #expect(try after.persona().motivationStyle.inactivityStyle == .waitForMe)
            #expect(await installation.drafts.draft(userID: account.id) == nil)
            let html = text(try await web.get("/settings/persona").body)
            #expect(html.contains(#"data-testid="persona.tag.primary">Authoritative<"#))
            #expect(!html.contains("persona.tag.secondary"))
            #expect(html.contains(#"data-testid="persona.absence">Wait for Me<"#))
            #expect(html.contains(#"data-testid="persona.quietHours">11:00 PM – 7:00 AM<"#))
        }
    }

    @Test("Communication style saves absence response and celebration style into both documents")
    func communication() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpAndOnboard()
            let account = try #require(try await installation.repository.users().first)
            let before = try #require(try await installation.repository.onboardingProfile(userID: account.id))
            let page = text(try await web.get("/settings/communication").body)
            #expect(page.contains(#"value="gentle" checked data-testid="communication.absence.gentle""#))
            #expect(page.contains(#"value="subtle" checked data-testid="communication.celebration.subtle""#))

            #expect(
                try await web.post("/settings/communication", [("absence", "factual"), ("celebration", "data_focused")], withCSRF: false)
                    .status
                    == .forbidden)
            let invalid = try await web.post("/settings/communication", [("absence", "shouting"), ("celebration", "data_focused")])
            #expect(invalid.status == .unprocessableContent)
            #expect(text(invalid.body).contains("Choose how your coach responds when you go quiet."))
            #expect(text(invalid.body).contains(#"value="data_focused" checked"#))
            #expect(try await installation.repository.onboardingProfile(userID: account.id) == before)

            let saved = try await web.post("/settings/communication", [("absence", "factual"), ("celebration", "data_focused")])
            #expect(saved.headers[.location] == "/settings/communication?saved=1")
            let confirmed = text(try await web.get("/settings/communication?saved=1").body)
            #expect(confirmed.contains("Saved."))
            #expect(confirmed.contains(#"value="factual" checked"#))
            #expect(confirmed.contains(#"value="data_focused" checked"#))

            let after = try #require(try await installation.repository.onboardingProfile(userID: account.id))
            #expect(after.id == before.id)
            #expect(
                try after.persona().motivationStyle == MotivationStyle(achievementStyle: .dataFocused, inactivityStyle: .factualReminder))
            #expect(try after.persona().coachingStyle == before.persona().coachingStyle)
            #expect(try after.communicationPreferences().absenceResponse == "Factual Reminder")
            #expect(try after.communicationPreferences().achievementAcknowledgement == .dataFocused)
            let persona = text(try await web.get("/settings/persona").body)
            #expect(persona.contains(#"data-testid="persona.absence">Factual Reminder<"#))
            #expect(persona.contains(#"data-testid="persona.celebration">Data-Focused<"#))
        }
    }

    @Test("Both pages need sign-in")
    func needSignIn() async throws {
        try await TestInstallation().app().test(.router) { client in
            var web = WebClient(client: client)
            var locations: [String?] = []
            for path in ["/settings/persona", "/settings/communication"] {
                locations.append(try await web.get(path).headers[.location])
            }
            locations.append(try await web.post("/settings/communication", [("absence", "wait")], withCSRF: false).headers[.location])
            locations.append(try await web.post("/settings/persona/refine", [], withCSRF: false).headers[.location])
            #expect(locations == Array(repeating: "/setup", count: 4))
        }
    }

    @Test("Delete all data removes a half-finished onboarding but keeps the person signed in")
    func deleteRemovesDraft() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpForOnboarding()
            try await web.walkToAvailability()
            let account = try #require(try await installation.repository.users().first)
            #expect(await installation.drafts.draft(userID: account.id) != nil)
            try await web.get("/settings/data")
            try await web.post("/settings/data/delete", [])
            #expect(await installation.drafts.draft(userID: account.id) == nil)
            let opening = try await web.get("/onboarding")
            #expect(opening.status == .ok)
            #expect(text(opening.body).contains(#"data-testid="onboarding.begin.button""#))
        }
    }
}
