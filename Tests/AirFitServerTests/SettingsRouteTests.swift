import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Settings pages")
struct SettingsRouteTests {
    @Test("Units show the live examples, save, and change how a logged weight reads at home; no number is made up")
    func unitsSaved() async throws {
        let dependencies = ServerDependencies(health: StubHealth(), passwordCost: 4)
        try await Application(router: buildRouter(dependencies)).test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            // A new person has entered nothing: home says how to add numbers and shows none of the units page's examples.
            let fresh = text(try await web.get("/").body)
            #expect(fresh.contains(#"data-testid="home.empty""#))
            for example in ["150 lbs", "5&#39;10&quot;", "3 miles", "72°F", "68 kg", "178 cm", "5 km", "22°C"] {
                #expect(!fresh.contains(example), "home shows \(example) that nobody entered")
            }
            let user = try #require(try await dependencies.repository.users().first)
            let now = Date()
            try await dependencies.repository.saveDailyLog(
                DailyLog(userID: user.id, day: DailyLog.day(of: now, timeZone: user.timeZone), weightKg: 68, createdAt: now, updatedAt: now)
            )
            let logged = text(try await web.get("/").body)
            #expect(logged.contains(#"<strong data-testid="home.weight">150 lbs</strong> <span class="hint">logged today</span>"#))
            #expect(!logged.contains(#"data-testid="home.empty""#) && !logged.contains("home.height"))
            let page = text(try await web.get("/settings/units").body)
            for example in ["150 lbs", "5&#39;10&quot;", "3 miles", "72°F", "68 kg", "178 cm", "5 km", "22°C"] {
                #expect(page.contains(example), "missing \(example)")
            }
            #expect(page.contains(#"data-testid="units.metric""#))
            let saved = try await web.post("/settings/units", [("units", "metric")])
            #expect(saved.headers[.location] == "/settings/units?saved=1")
            let home = text(try await web.get("/").body)
            #expect(home.contains(#"data-testid="home.weight">68 kg<"#))
            #expect(!home.contains("178 cm"))
        }
    }

    @Test("Haptic feedback is a toggle on the appearance page; the chat page knows it")
    func haptics() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            #expect(text(try await web.get("/settings/appearance").body).contains(#"name="haptics" checked"#))
            try await web.post("/settings/appearance", [("appearance", "system")])
            #expect(!text(try await web.get("/settings/appearance").body).contains(#"name="haptics" checked"#))
            #expect(!text(try await web.get("/chat").body).contains(#"data-haptics="1""#))
            try await web.post("/settings/appearance", [("appearance", "system"), ("haptics", "on")])
            #expect(text(try await web.get("/chat").body).contains(#"data-haptics="1""#))
        }
    }

    @Test("About shows version and build, and links to the privacy policy, terms and support, which need a session")
    func about() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            #expect(try await web.get("/settings/about/privacy").status == .seeOther)
            try await web.signUp()
            let about = text(try await web.get("/settings/about").body)
            #expect(about.contains(#"data-testid="about.build""#))
            #expect(about.contains("debug, Linux") || about.contains("release, Linux"))
            for (path, phrase) in [
                ("privacy", "stored in that server&#39;s database and nowhere else"), ("terms", "not a medical service"),
                ("support", "AIRFIT_SUPPORT_EMAIL"),
            ] {
                let page = text(try await web.get("/settings/about/\(path)").body)
                #expect(page.contains(phrase), "\(path)")
            }
        }
    }

    @Test("Appearance sets the page's theme class")
    func appearance() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/appearance")
            try await web.post("/settings/appearance", [("appearance", "dark")])
            #expect(text(try await web.get("/settings").body).contains(#"class="theme-dark""#))
        }
    }

    @Test("Privacy rejects idle minutes outside 1 to 60 with a message")
    func privacyValidation() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/privacy")
            let bad = try await web.post("/settings/privacy", [("app_lock", "on"), ("lock_minutes", "0")])
            #expect(bad.status == .unprocessableContent)
            #expect(text(bad.body).contains("Enter the idle minutes as a whole number from 1 to 60."))
            try await web.post("/settings/privacy", [("app_lock", "on"), ("lock_minutes", "5"), ("analytics", "on")])
            let page = text(try await web.get("/settings/privacy").body)
            #expect(page.contains(#"value="5""#))
        }
    }

    @Test("Notification toggles and quiet hours are saved")
    func notifications() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/notifications")
            try await web.post(
                "/settings/notifications", [("system", "on"), ("cat_achievements", "on"), ("quiet_start", "23:30"), ("quiet_end", "06:15")])
            let page = text(try await web.get("/settings/notifications").body)
            #expect(page.contains(#"value="23:30""#))
            #expect(page.contains(#"name="cat_achievements" checked"#))
            #expect(!page.contains(#"name="cat_meal_logging" checked"#))
        }
    }

    @Test("Export downloads a file and appears in the history; delete all data empties it")
    func exportAndDelete() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/data")
            let export = try await web.post("/settings/data/export", [("format", "json")])
            #expect(export.status == .ok)
            #expect(export.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"airfit-export-") == true)
            #expect(export.body.readableBytes > 0)
            let history = text(try await web.get("/settings/data").body)
            #expect(history.contains("JSON ·"))
            let deleted = try await web.post("/settings/data/delete", [])
            #expect(deleted.headers[.location] == "/settings/data?deleted=1")
            let after = text(try await web.get("/settings/data?deleted=1").body)
            #expect(after.contains("All your data was deleted."))
            #expect(after.contains("No exports yet."))
        }
    }

    @Test("Every settings section is linked with its test id")
    func hub() async throws {
        try await makeTestApp().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let hub = text(try await web.get("/settings").body)
            for id in ["units", "appearance", "notifications", "location", "privacy", "dataManagement", "about"] {
                #expect(hub.contains("data-testid=\"settings.\(id)\""))
            }
            #expect(text(try await web.get("/settings/about").body).contains("0.1.0"))
        }
    }
}
