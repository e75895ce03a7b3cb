import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Profile page")
struct ProfileRouteTests {
    /// Signs up (imperial, the default) on in-memory stores and runs `body`.
    static func withApp(_ body: @Sendable (inout WebClient, InMemoryStore, UUID) async throws -> Void) async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let user = try #require(try await installation.repository.users().first)
            try await body(&web, installation.repository, user.id)
        }
    }

    static func user(_ repository: InMemoryStore, _ id: UUID) async throws -> User {
        try #require(try await repository.user(id: id))
    }

    /// The `value` attribute of the input with `id`.
    static func value(of id: String, in html: String) -> String? {
        guard let start = html.range(of: #"<input id="\#(id)""#), let end = html[start.upperBound...].firstIndex(of: ">") else {
            return nil
        }
        let tag = html[start.lowerBound..<end]
        guard let value = tag.range(of: #"value=""#) else { return nil }
        return String(tag[value.upperBound...].prefix { $0 != "\"" })
    }

    @Test("The hub's Account section opens the profile: each field 'Not set', the sign-in email, no workouts yet")
    func emptyProfile() async throws {
        try await Self.withApp { web, _, _ in
            let hub = text(try await web.get("/settings").body)
            #expect(hub.contains(#"<a href="/settings/profile" data-testid="settings.profile">"#))
            #expect(hub.contains(#"<a href="/settings/preferences" data-testid="settings.preferences">"#))
            let page = text(try await web.get("/settings/profile").body)
            #expect(page.contains(#"data-testid="profile.nickname">Nickname<span class="value">Not set</span>"#))
            #expect(
                page.contains(
                    #"href="/settings/security/email" data-testid="profile.email">Email<span class="value">owner@example.com</span>"#))
            #expect(
                page.contains(#"href="/settings/profile/height" data-testid="profile.height">Height<span class="value">Not set</span>"#))
            #expect(page.contains(#"href="/settings/profile/fitness-level" data-testid="profile.fitnessLevel">"#))
            #expect(page.contains(#"<p data-testid="profile.workoutCount">No workouts logged yet</p>"#))
        }
    }

    @Test("The workout count is the person's own workouts, counted by the store")
    func workoutCount() async throws {
        try await Self.withApp { web, repository, id in
            for minutes in [30.0, 45, 60] {
                try await repository.addWorkout(Workout(userID: id, type: "run", startedAt: Date(), durationMinutes: minutes))
            }
            try await repository.addWorkout(Workout(userID: UUID(), type: "run", startedAt: Date(), durationMinutes: 20))
            #expect(text(try await web.get("/settings/profile").body).contains(#"data-testid="profile.workoutCount">3 workouts logged<"#))
            #expect(ProfileView.count(1) == "1 workout logged")
            #expect(ProfileView.count(1234) == "1,234 workouts logged")
        }
    }

    @Test("A nickname saves and shows on the profile; blank clears it; 201 characters is a 422 that keeps what was typed")
    func nickname() async throws {
        try await Self.withApp { web, repository, id in
            let form = text(try await web.get("/settings/profile/nickname").body)
            #expect(form.contains(#"data-testid="profile.nickname""#) && form.contains(#"data-testid="profile.save""#))
            let saved = try await web.post("/settings/profile/nickname", [("nickname", "  Sam  ")])
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/settings/profile?saved=1")
            #expect(try await Self.user(repository, id).nickname == "Sam")
            let page = text(try await web.get("/settings/profile?saved=1").body)
            #expect(page.contains("Saved.") && page.contains(#"Nickname<span class="value">Sam</span>"#))

            let long = String(repeating: "x", count: 201)
            let refused = try await web.post("/settings/profile/nickname", [("nickname", long)])
            #expect(refused.status == .unprocessableContent)
            let html = text(refused.body)
            #expect(html.contains("Keep your nickname to 200 characters (it is 201)."))
            #expect(Self.value(of: "nickname", in: html) == long)
            #expect(html.contains(#"aria-invalid="true""#))
            #expect(try await Self.user(repository, id).nickname == "Sam")

            try await web.post("/settings/profile/nickname", [("nickname", " ")])
            #expect(try await Self.user(repository, id).nickname == nil)
        }
    }

    @Test("Height in feet and inches is stored in centimeters and reads back 5'10\"; saving it unchanged never drifts")
    func imperialHeight() async throws {
        try await Self.withApp { web, repository, id in
            try await web.get("/settings/profile/height")
            try await web.post("/settings/profile/height", [("units", "imperial"), ("feet", "5"), ("inches", "10")])
            let stored = try #require(try await Self.user(repository, id).heightCm)
            #expect(abs(stored - 177.8) < 0.000_001)
            #expect(text(try await web.get("/settings/profile").body).contains(#"Height<span class="value">5&#39;10&quot;</span>"#))

            // 178 cm entered in metric reads 5'10" (70.08 in); posting the form back as shown keeps 178 exactly.
            var user = try await Self.user(repository, id)
            user.heightCm = 178
            user.weightKg = 70
            try await repository.updateUser(user)
            for _ in 0..<3 {
                let form = text(try await web.get("/settings/profile/height").body)
                let feet = try #require(Self.value(of: "feet", in: form))
                let inches = try #require(Self.value(of: "inches", in: form))
                #expect((feet, inches) == ("5", "10"))
                try await web.post("/settings/profile/height", [("units", "imperial"), ("feet", feet), ("inches", inches)])
                let weightForm = text(try await web.get("/settings/profile/weight").body)
                let pounds = try #require(Self.value(of: "weight", in: weightForm))
                #expect(pounds == "154.3")
                try await web.post("/settings/profile/weight", [("units", "imperial"), ("weight", pounds)])
            }
            let after = try await Self.user(repository, id)
            #expect(after.heightCm == 178)
            #expect(after.weightKg == 70)

            // A changed number is converted: 160 lbs.
            try await web.post("/settings/profile/weight", [("units", "imperial"), ("weight", "160")])
            let weight = try #require(try await Self.user(repository, id).weightKg)
            #expect(abs(weight - 72.574_779_2) < 0.000_001)
        }
    }

    @Test("Metric forms take centimeters and kilograms; the units the form was shown in decide, not a later switch")
    func metric() async throws {
        try await Self.withApp { web, repository, id in
            try await web.get("/settings/profile/height")
            try await web.post("/settings/profile/height", [("units", "metric"), ("centimeters", "181.5")])
            try await web.post("/settings/profile/weight", [("units", "metric"), ("weight", "80")])
            let user = try await Self.user(repository, id)
            #expect(user.heightCm == 181.5 && user.weightKg == 80)
            // Shown in the person's units (imperial).
            let page = text(try await web.get("/settings/profile").body)
            #expect(page.contains(#"Weight<span class="value">176.4 lbs</span>"#))
            // Both feet and inches left empty clears the height.
            try await web.post("/settings/profile/height", [("units", "imperial"), ("feet", ""), ("inches", "")])
            #expect(try await Self.user(repository, id).heightCm == nil)
        }
    }

    @Test("Wrong numbers are a 422 listing every problem, the typed values kept and marked, nothing saved")
    func refused() async throws {
        try await Self.withApp { web, repository, id in
            try await web.get("/settings/profile/height")
            let before = try await Self.user(repository, id)
            let height = try await web.post("/settings/profile/height", [("units", "imperial"), ("feet", "five"), ("inches", "14")])
            #expect(height.status == .unprocessableContent)
            let html = text(height.body)
            #expect(html.contains("Feet must be a whole number from 0 to 9."))
            #expect(html.contains("Inches must be a number from 0 to 11."))
            #expect(Self.value(of: "feet", in: html) == "five" && Self.value(of: "inches", in: html) == "14")
            #expect(occurrences(of: #"aria-invalid="true""#, in: html) == 2)

            let tall = text(try await web.post("/settings/profile/height", [("units", "imperial"), ("feet", "9"), ("inches", "11")]).body)
            #expect(tall.contains("Height must be from 1&#39;0&quot; to 9&#39;10&quot;."))
            for bad in ["1e9", "nan", "inf", "-70", "2000"] {
                let weight = try await web.post("/settings/profile/weight", [("units", "imperial"), ("weight", bad)])
                #expect(weight.status == .unprocessableContent, "\(bad)")
                #expect(text(weight.body).contains("Weight must be a number from 23 to 1543 lbs."), "\(bad)")
            }
            let metric = text(try await web.post("/settings/profile/weight", [("units", "metric"), ("weight", "5")]).body)
            #expect(metric.contains("Weight must be a number from 10 to 700 kg."))
            let level = try await web.post("/settings/profile/fitness-level", [("fitnessLevel", "elite")])
            #expect(level.status == .unprocessableContent)
            #expect(text(level.body).contains("Choose one of the fitness levels: Beginner, Intermediate, Advanced, Athlete."))
            #expect(try await Self.user(repository, id) == before)
        }
    }

    @Test("A fitness level is chosen from the list and shows on the profile")
    func fitnessLevel() async throws {
        try await Self.withApp { web, repository, id in
            let form = text(try await web.get("/settings/profile/fitness-level").body)
            #expect(form.contains(#"<select id="fitness-level" name="fitnessLevel" data-testid="profile.fitnessLevel">"#))
            try await web.post("/settings/profile/fitness-level", [("fitnessLevel", "advanced")])
            #expect(try await Self.user(repository, id).fitnessLevel == .advanced)
            #expect(text(try await web.get("/settings/profile").body).contains(#"Fitness level<span class="value">Advanced</span>"#))
            #expect(text(try await web.get("/settings/profile/fitness-level").body).contains(#"<option value="advanced" selected>"#))
        }
    }

    @Test("Opening the profile and every field page changes nothing; a post without the CSRF token is refused")
    func getChangesNothing() async throws {
        try await Self.withApp { web, repository, id in
            let before = try await Self.user(repository, id)
            for path in ["/settings/profile", "/settings/profile?saved=1"] + ProfileField.allCases.map(\.path) {
                #expect(try await web.get(path).status == .ok, "\(path)")
            }
            #expect(try await Self.user(repository, id) == before)
            let forged = try await web.post("/settings/profile/nickname", [("nickname", "Mallory")], withCSRF: false)
            #expect(forged.status == .forbidden)
            #expect(try await Self.user(repository, id) == before)
        }
    }
}
