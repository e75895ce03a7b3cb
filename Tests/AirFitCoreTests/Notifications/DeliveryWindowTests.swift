import AirFitCore
import Foundation
import Testing

@Suite("DeliveryWindow")
struct DeliveryWindowTests {
    private func window(quiet: (String, String)?, sleep: (String, String)?, zone: String = "Europe/Berlin") throws -> DeliveryWindow {
        let quietHours =
            try quiet.map {
                QuietHours(enabled: true, start: try NotificationFixture.time($0.0), end: try NotificationFixture.time($0.1))
            } ?? QuietHours(enabled: false)
        let schedule = try sleep.map {
            SleepSchedule(bedtime: try NotificationFixture.time($0.0), wakeTime: try NotificationFixture.time($0.1), rhythm: .consistent)
        }
        return DeliveryWindow(quietHours: quietHours, sleep: schedule, timeZone: try NotificationFixture.zone(zone))
    }

    @Test(
        "Quiet hours 22:00–07:00 hold everything from 22:00 up to 07:00, across midnight",
        arguments: [
            ("2026-01-15T21:59:00+01:00", true), ("2026-01-15T22:00:00+01:00", false), ("2026-01-15T23:30:00+01:00", false),
            ("2026-01-16T00:00:00+01:00", false), ("2026-01-16T06:59:00+01:00", false), ("2026-01-16T07:00:00+01:00", true),
            ("2026-01-16T12:00:00+01:00", true),
        ])
    func quietHoursAcrossMidnight(instant: String, open: Bool) throws {
        let window = try window(quiet: ("22:00", "07:00"), sleep: nil)
        #expect(window.isOpen(at: try NotificationFixture.instant(instant)) == open)
    }

    @Test(
        "The next opening is the end of the span holding the instant, chained through touching or overlapping spans",
        arguments: [
            // quiet, sleep, instant, expected opening (local Berlin, winter)
            ("22:00-07:00", "", "2026-01-15T23:30:00+01:00", "2026-01-16T07:00:00+01:00"),
            ("22:00-07:00", "", "2026-01-16T06:00:00+01:00", "2026-01-16T07:00:00+01:00"),
            ("22:00-07:00", "", "2026-01-16T12:00:00+01:00", "2026-01-16T12:00:00+01:00"),
            ("13:00-14:00", "", "2026-01-16T13:30:00+01:00", "2026-01-16T14:00:00+01:00"),
            ("", "23:00-06:30", "2026-01-15T23:30:00+01:00", "2026-01-16T06:30:00+01:00"),
            ("", "23:00-06:30", "2026-01-15T22:30:00+01:00", "2026-01-15T22:30:00+01:00"),
            ("21:00-23:00", "23:00-07:00", "2026-01-15T21:30:00+01:00", "2026-01-16T07:00:00+01:00"),
            ("22:00-07:00", "23:30-07:30", "2026-01-15T22:30:00+01:00", "2026-01-16T07:30:00+01:00"),
            ("22:00-07:00", "06:00-09:00", "2026-01-16T01:00:00+01:00", "2026-01-16T09:00:00+01:00"),
            ("22:00-07:00", "23:00-06:00", "2026-01-16T06:30:00+01:00", "2026-01-16T07:00:00+01:00"),
        ])
    func nextOpening(quiet: String, sleep: String, instant: String, expected: String) throws {
        func span(_ text: String) -> (String, String)? {
            let parts = text.split(separator: "-").map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
        let window = try window(quiet: span(quiet), sleep: span(sleep))
        let opening = try #require(window.nextOpening(after: try NotificationFixture.instant(instant)))
        #expect(NotificationFixture.utc(opening) == NotificationFixture.utc(try NotificationFixture.instant(expected)))
    }

    @Test("Disabled quiet hours deliver at night; the sleep window still holds")
    func disabledQuietHours() throws {
        let zone = try NotificationFixture.zone("Europe/Berlin")
        let off = QuietHours(enabled: false, start: try NotificationFixture.time("22:00"), end: try NotificationFixture.time("07:00"))
        let night = try NotificationFixture.instant("2026-01-15T23:30:00+01:00")
        #expect(DeliveryWindow(quietHours: off, sleep: nil, timeZone: zone).isOpen(at: night))
        let sleep = SleepSchedule(
            bedtime: try NotificationFixture.time("23:00"), wakeTime: try NotificationFixture.time("06:30"), rhythm: .consistent)
        let asleep = DeliveryWindow(quietHours: off, sleep: sleep, timeZone: zone)
        #expect(!asleep.isOpen(at: night))
        #expect(asleep.nextOpening(after: night) == (try NotificationFixture.instant("2026-01-16T06:30:00+01:00")))
    }

    @Test("Quiet hours open at 07:00 local on the night the clocks go forward and on the night they go back")
    func daylightSavingNights() throws {
        let window = try window(quiet: ("22:00", "07:00"), sleep: nil)
        let spring = try #require(window.nextOpening(after: try NotificationFixture.instant("2026-03-28T23:00:00+01:00")))
        #expect(NotificationFixture.utc(spring) == "2026-03-29T05:00:00Z")
        let autumn = try #require(window.nextOpening(after: try NotificationFixture.instant("2026-10-24T23:00:00+02:00")))
        #expect(NotificationFixture.utc(autumn) == "2026-10-25T06:00:00Z")
    }

    @Test("In New York the same quiet hours end at 07:00 New York time")
    func memberZone() throws {
        let window = try window(quiet: ("22:00", "07:00"), sleep: nil, zone: "America/New_York")
        let instant = try NotificationFixture.instant("2026-01-16T06:00:00Z")  // 01:00 in New York
        #expect(!window.isOpen(at: instant))
        #expect(window.nextOpening(after: instant).map(NotificationFixture.utc) == "2026-01-16T12:00:00Z")
        #expect(window.isOpen(at: try NotificationFixture.instant("2026-01-16T03:00:00Z")) == false)
        #expect(window.isOpen(at: try NotificationFixture.instant("2026-01-16T02:59:00Z")))
    }

    @Test("Quiet hours and sleep covering the whole day never open")
    func neverOpens() throws {
        let window = try window(quiet: ("20:00", "08:00"), sleep: ("07:00", "21:00"))
        let noon = try NotificationFixture.instant("2026-01-16T12:00:00+01:00")
        #expect(!window.isOpen(at: noon))
        #expect(window.nextOpening(after: noon) == nil)
    }

    @Test("A span whose start equals its end holds nothing")
    func emptySpan() throws {
        let window = try window(quiet: ("22:00", "22:00"), sleep: ("23:00", "23:00"))
        let night = try NotificationFixture.instant("2026-01-15T22:30:00+01:00")
        #expect(window.isOpen(at: night))
        #expect(window.nextOpening(after: night) == night)
    }

    @Test("The member's window needs a known zone id")
    func userZone() throws {
        var user = User(timeZone: "Europe/Berlin")
        #expect(DeliveryWindow(user: user, sleep: nil)?.timeZone.identifier == "Europe/Berlin")
        user.timeZone = "Nowhere/Special"
        #expect(DeliveryWindow(user: user, sleep: nil) == nil)
    }
}
