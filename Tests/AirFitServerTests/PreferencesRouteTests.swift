import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Preferences page")
struct PreferencesRouteTests {
    @Test("The page lists every known zone with the person's selected, and a search box for the script to show")
    func page() async throws {
        try await ProfileRouteTests.withApp { web, repository, id in
            var user = try await ProfileRouteTests.user(repository, id)
            user.timeZone = "Europe/Berlin"
            try await repository.updateUser(user)
            let html = text(try await web.get("/settings/preferences").body)
            #expect(html.contains(#"<select id="time-zone" name="timeZone""#) && html.contains(#"data-testid="preferences.timezone""#))
            #expect(html.contains("<option selected>Europe/Berlin</option>"))
            #expect(occurrences(of: "<option", in: html) == TimeZoneRule.knownIdentifiers.count)
            #expect(html.contains("<option>Asia/Tokyo</option>") && html.contains("<option>America/New_York</option>"))
            #expect(html.contains(#"data-zone-search hidden"#))
            // A chosen zone is never replaced by the browser's.
            #expect(!html.contains("data-suggest-browser-zone"))
            #expect(html.contains(#"value="monday" checked data-testid="preferences.weekStart.monday""#))
            #expect(html.contains(#"data-testid="preferences.weekStart.sunday""#) && html.contains(#"data-testid="preferences.save""#))
        }
    }

    @Test("Time zone and week start save; the progress page's weeks and the zone follow them")
    func saved() async throws {
        try await ProfileRouteTests.withApp { web, repository, id in
            try await web.get("/settings/preferences")
            let saved = try await web.post("/settings/preferences", [("timeZone", "Asia/Tokyo"), ("weekStart", "sunday")])
            #expect(saved.status == .seeOther && saved.headers[.location] == "/settings/preferences?saved=1")
            let user = try await ProfileRouteTests.user(repository, id)
            #expect(user.timeZone == "Asia/Tokyo" && user.weekStart == .sunday)
            let page = text(try await web.get("/settings/preferences?saved=1").body)
            #expect(page.contains("Saved.") && page.contains("<option selected>Asia/Tokyo</option>"))
            #expect(page.contains(#"value="sunday" checked"#))
            // The test clock stands at Sunday 15 June 2025, 15:06 UTC: already Monday in Tokyo. A workout at 23:06 Tokyo
            // time on the Sunday falls in the week that starts that Sunday.
            try await repository.addWorkout(
                Workout(userID: id, type: "run", startedAt: Date(timeIntervalSince1970: 1_750_000_000 - 3600), durationMinutes: 30))
            let progress = text(try await web.get("/progress").body)
            #expect(progress.contains("Weeks start on Sunday, in your time zone."))
            let table = try #require(ProgressRouteTests.table("progress.table.training", in: progress))
            #expect(table.contains(#"<th scope="row">15 Jun 2025 (so far)</th><td>1</td><td>30</td>"#))
        }
    }

    @Test("An unknown zone and week start are a 422 naming both, with what was sent kept and nothing saved")
    func refused() async throws {
        try await ProfileRouteTests.withApp { web, repository, id in
            try await web.get("/settings/preferences")
            let before = try await ProfileRouteTests.user(repository, id)
            let response = try await web.post("/settings/preferences", [("timeZone", "Mars/Olympus_Mons"), ("weekStart", "friday")])
            #expect(response.status == .unprocessableContent)
            let html = text(response.body)
            #expect(html.contains("There is no time zone called “Mars/Olympus_Mons”. Choose one from the list, like Europe/Berlin."))
            #expect(html.contains("Choose whether your week starts on Sunday or Monday."))
            #expect(html.contains(#"<option value="Mars/Olympus_Mons" selected>Mars/Olympus_Mons</option>"#))
            #expect(html.contains(#"aria-invalid="true""#))
            let empty = text(try await web.post("/settings/preferences", [("timeZone", ""), ("weekStart", "monday")]).body)
            #expect(empty.contains("Choose your time zone from the list, like Europe/Berlin."))
            #expect(empty.contains(#"value="monday" checked"#))
            #expect(try await ProfileRouteTests.user(repository, id) == before)
        }
    }

    @Test("A person still on the server's zone gets the browser's zone suggested; GET changes nothing")
    func suggestsBrowserZone() async throws {
        try await ProfileRouteTests.withApp { web, repository, id in
            var user = try await ProfileRouteTests.user(repository, id)
            user.timeZone = TimeZone.current.identifier
            try await repository.updateUser(user)
            let html = text(try await web.get("/settings/preferences").body)
            #expect(html.contains("data-suggest-browser-zone"))
            #expect(try await ProfileRouteTests.user(repository, id) == user)
        }
    }

    @Test("The availability picker lists the days from the person's week start")
    func availabilityFollowsWeekStart() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpForOnboarding()
            try await web.walkToAvailability()
            let monday = text(try await web.get("/onboarding").body)
            #expect(Self.days(monday).first == "Monday")
            var user = try #require(try await installation.repository.users().first)
            user.weekStart = .sunday
            try await installation.repository.updateUser(user)
            let sunday = Self.days(text(try await web.get("/onboarding").body))
            #expect(sunday == ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])
        }
    }

    /// The day names of the availability picker, in order.
    static func days(_ html: String) -> [String] {
        guard let start = html.range(of: #"data-testid="onboarding.availability.day""#),
            let end = html[start.upperBound...].range(of: "</select>")
        else { return [] }
        return html[start.upperBound..<end.lowerBound].components(separatedBy: "<option value=\"").dropFirst(2).compactMap { part in
            part.split(separator: ">").dropFirst().first.map { String($0.prefix { $0 != "<" }) }
        }
    }
}
