import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Onboarding availability editor")
struct AvailabilityRouteTests {
    @discardableResult
    private func add(_ web: inout WebClient, day: String, start: String, end: String, action: String = "add_block") async throws
        -> TestResponse
    {
        try await web.post(
            "/onboarding", [("screen", "availability"), ("slot_day", day), ("slot_start", start), ("slot_end", end), ("action", action)])
    }

    @Test("The screen has the editor; a slot is added, listed, and removed")
    func addAndRemove() async throws {
        try await TestInstallation().app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpForOnboarding()
            try await web.walkToAvailability()
            let empty = text(try await web.get("/onboarding").body)
            for id in ["day", "start", "end", "add", "empty"] { #expect(empty.contains("data-testid=\"onboarding.availability.\(id)\"")) }
            #expect(!empty.contains("onboarding.availability.remove"))

            let added = try await add(&web, day: "2", start: "07:00", end: "08:00")
            #expect(added.status == .seeOther)
            #expect(added.headers[.location] == "/onboarding")
            try await add(&web, day: "4", start: "18:30", end: "19:15")
            let listed = text(try await web.get("/onboarding").body)
            #expect(listed.contains("Monday, 7:00 AM – 8:00 AM"))
            #expect(listed.contains("Wednesday, 6:30 PM – 7:15 PM"))
            // The inputs are empty again after a successful add.
            #expect(attributeValues("value", testID: "onboarding.availability.start", in: listed) == [""])
            let ids = attributeValues("value", testID: "onboarding.availability.remove", in: listed)
            #expect(ids.count == 2)

            let removed = try await web.post("/onboarding", [("screen", "availability"), ("remove", ids[0])])
            #expect(removed.headers[.location] == "/onboarding")
            let after = text(try await web.get("/onboarding").body)
            #expect(!after.contains("Monday, 7:00 AM"))
            #expect(after.contains("Wednesday, 6:30 PM – 7:15 PM"))
            // An id that is not there (or not an id) changes nothing.
            try await web.post("/onboarding", [("screen", "availability"), ("remove", "nonsense")])
            try await web.post("/onboarding", [("screen", "availability"), ("remove", UUID().uuidString)])
            #expect(
                attributeValues("value", testID: "onboarding.availability.remove", in: text(try await web.get("/onboarding").body)) == [
                    ids[1]
                ])
        }
    }

    @Test("An overlapping slot is refused inline with everything typed kept, and nothing is added")
    func overlap() async throws {
        try await TestInstallation().app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpForOnboarding()
            try await web.walkToAvailability()
            try await add(&web, day: "2", start: "07:00", end: "08:00")
            let refused = try await add(&web, day: "2", start: "07:30", end: "08:30")
            #expect(refused.status == .unprocessableContent)
            let html = text(refused.body)
            #expect(html.contains("Monday 7:30 AM – 8:30 AM overlaps 7:00 AM – 8:00 AM; merge or adjust them."))
            #expect(html.contains(#"data-testid="onboarding.availability.error""#))
            #expect(attributeValues("value", testID: "onboarding.availability.start", in: html) == ["07:30"])
            #expect(attributeValues("value", testID: "onboarding.availability.end", in: html) == ["08:30"])
            #expect(attributeValues("aria-invalid", testID: "onboarding.availability.end", in: html) == ["true"])
            #expect(html.contains(#"<option value="2" selected>Monday</option>"#))
            // Shown next to the fields, not in the page-level banner.
            #expect(!html.contains(#"id="form-errors""#))
            #expect(occurrences(of: #"data-testid="onboarding.availability.block""#, in: text(try await web.get("/onboarding").body)) == 1)
        }
    }

    @Test(
        "Incomplete or impossible slots say what is wrong",
        arguments: [
            ("", "07:00", "08:00", "Choose a day of the week for this time slot."),
            ("9", "07:00", "08:00", "Choose a day of the week for this time slot."),
            ("3", "", "08:00", "Enter a start time, like 7:00 AM."),
            ("3", "07:00", "8 o'clock", "Enter an end time, like 8:00 AM."),
            ("3", "09:00", "09:00", "On Tuesday, the slot starts and ends at 9:00 AM. Choose an end time."),
            ("3", "09:00", "08:00", "On Tuesday, 9:00 AM – 8:00 AM (overnight) would run 23 hours past midnight."),
            ("", "", "", "Choose a day and enter a start and end time, then add the slot."),
        ])
    func problems(day: String, start: String, end: String, message: String) async throws {
        try await TestInstallation().app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpForOnboarding()
            try await web.walkToAvailability()
            let refused = try await add(&web, day: day, start: start, end: end)
            #expect(refused.status == .unprocessableContent)
            let html = text(refused.body)
            #expect(html.contains(message.replacingOccurrences(of: "'", with: "&#39;")), "\(message)")
            #expect(attributeValues("value", testID: "onboarding.availability.start", in: html) == [start])
            #expect(
                attributeValues("value", testID: "onboarding.availability.end", in: html) == [
                    end.replacingOccurrences(of: "'", with: "&#39;")
                ])
        }
    }

    @Test("Next adds a slot that was typed but not added; a bad one stops on the screen; none at all may be skipped")
    func nextWithPendingSlot() async throws {
        try await TestInstallation().app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpForOnboarding()
            try await web.walkToAvailability()
            let bad = try await add(&web, day: "6", start: "10:00", end: "09:00", action: "next")
            #expect(bad.status == .unprocessableContent)
            #expect(text(bad.body).contains("On Friday, 10:00 AM – 9:00 AM (overnight) would run 23 hours past midnight."))
            let good = try await add(&web, day: "6", start: "17:00", end: "18:00", action: "next")
            #expect(good.headers[.location] == "/onboarding")
            #expect(text(try await web.get("/onboarding").body).contains(#"data-testid="onboarding.sleep.bedtime""#))
            try await web.post("/onboarding", [("screen", "sleep"), ("action", "back")])
            let back = text(try await web.get("/onboarding").body)
            #expect(back.contains("Friday, 5:00 PM – 6:00 PM"))
            // Nothing typed: Next simply continues.
            try await web.post(
                "/onboarding", [("screen", "availability"), ("slot_day", ""), ("slot_start", ""), ("slot_end", ""), ("action", "next")])
            #expect(text(try await web.get("/onboarding").body).contains(#"data-testid="onboarding.sleep.bedtime""#))
        }
    }

    @Test("The editor needs a signed-in person and the form's CSRF token")
    func authAndCSRF() async throws {
        try await TestInstallation().app().test(.router) { client in
            var stranger = WebClient(client: client)
            let anonymous = try await stranger.post("/onboarding", [("screen", "availability"), ("action", "add_block")], withCSRF: false)
            #expect(anonymous.headers[.location] == "/setup")
            var web = WebClient(client: client)
            try await web.signUpForOnboarding()
            try await web.walkToAvailability()
            let forged = try await web.post(
                "/onboarding",
                [("screen", "availability"), ("slot_day", "2"), ("slot_start", "07:00"), ("slot_end", "08:00"), ("action", "add_block")],
                withCSRF: false)
            #expect(forged.status == .forbidden)
            #expect(text(try await web.get("/onboarding").body).contains(#"data-testid="onboarding.availability.empty""#))
        }
    }
}
