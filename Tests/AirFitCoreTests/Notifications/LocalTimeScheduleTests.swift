import AirFitCore
import Foundation
import Testing

@Suite("LocalTimeSchedule")
struct LocalTimeScheduleTests {
    @Test(
        "The daily time fires at the next matching wall-clock minute in the member's zone",
        arguments: [
            // zone, now, local time, expected instant
            ("UTC", "2026-06-01T06:00:00Z", "07:30", "2026-06-01T07:30:00Z"),
            ("UTC", "2026-06-01T07:30:00Z", "07:30", "2026-06-02T07:30:00Z"),
            ("UTC", "2026-06-01T07:29:59Z", "07:30", "2026-06-01T07:30:00Z"),
            ("Europe/Berlin", "2026-06-01T12:00:00Z", "07:30", "2026-06-02T05:30:00Z"),
            ("Europe/Berlin", "2026-01-10T12:00:00Z", "07:30", "2026-01-11T06:30:00Z"),
            ("Europe/Berlin", "2026-01-10T22:59:00Z", "00:00", "2026-01-10T23:00:00Z"),
            ("America/New_York", "2026-01-10T12:00:00Z", "07:30", "2026-01-10T12:30:00Z"),
            ("America/New_York", "2026-01-11T03:00:00Z", "21:00", "2026-01-12T02:00:00Z"),
            ("Australia/Lord_Howe", "2026-01-10T00:00:00Z", "07:30", "2026-01-10T20:30:00Z"),
            ("Australia/Lord_Howe", "2026-07-10T00:00:00Z", "07:30", "2026-07-10T21:00:00Z"),
        ])
    func nextOccurrence(zoneID: String, now: String, time: String, expected: String) throws {
        let schedule = LocalTimeSchedule(time: try NotificationFixture.time(time), timeZone: try NotificationFixture.zone(zoneID))
        let next = schedule.nextOccurrence(after: try NotificationFixture.instant(now))
        #expect(NotificationFixture.utc(next) == expected)
    }

    @Test(
        "Daylight saving days: a missing time fires at the end of the gap, a repeated one at its first occurrence",
        arguments: [
            // Berlin springs forward 2026-03-29 02:00 → 03:00 and falls back 2026-10-25 03:00 → 02:00.
            ("Europe/Berlin", "2026-03-28T12:00:00Z", "07:30", "2026-03-29T05:30:00Z"),
            ("Europe/Berlin", "2026-03-28T12:00:00Z", "02:30", "2026-03-29T01:00:00Z"),
            ("Europe/Berlin", "2026-03-28T12:00:00Z", "02:00", "2026-03-29T01:00:00Z"),
            ("Europe/Berlin", "2026-03-28T12:00:00Z", "03:00", "2026-03-29T01:00:00Z"),
            ("Europe/Berlin", "2026-10-24T12:00:00Z", "07:30", "2026-10-25T06:30:00Z"),
            ("Europe/Berlin", "2026-10-24T12:00:00Z", "02:30", "2026-10-25T00:30:00Z"),
            ("Europe/Berlin", "2026-10-25T00:40:00Z", "02:30", "2026-10-26T01:30:00Z"),
            // New York springs forward 2026-03-08 02:00 → 03:00 and falls back 2026-11-01 02:00 → 01:00.
            ("America/New_York", "2026-03-07T17:00:00Z", "02:30", "2026-03-08T07:00:00Z"),
            ("America/New_York", "2026-03-07T17:00:00Z", "07:30", "2026-03-08T11:30:00Z"),
            ("America/New_York", "2026-10-31T16:00:00Z", "01:30", "2026-11-01T05:30:00Z"),
            ("America/New_York", "2026-11-01T05:45:00Z", "01:30", "2026-11-02T06:30:00Z"),
            // Lord Howe moves by 30 minutes: 2026-10-04 02:00 → 02:30 and 2026-04-05 02:00 → 01:30.
            ("Australia/Lord_Howe", "2026-10-03T12:00:00Z", "02:15", "2026-10-03T15:30:00Z"),
            ("Australia/Lord_Howe", "2026-10-03T12:00:00Z", "07:30", "2026-10-03T20:30:00Z"),
            ("Australia/Lord_Howe", "2026-04-04T12:00:00Z", "01:45", "2026-04-04T14:45:00Z"),
            ("Australia/Lord_Howe", "2026-04-04T14:50:00Z", "01:45", "2026-04-05T15:15:00Z"),
        ])
    func daylightSaving(zoneID: String, now: String, time: String, expected: String) throws {
        let schedule = LocalTimeSchedule(time: try NotificationFixture.time(time), timeZone: try NotificationFixture.zone(zoneID))
        let next = schedule.nextOccurrence(after: try NotificationFixture.instant(now))
        #expect(NotificationFixture.utc(next) == expected)
    }

    @Test(
        "A 07:30 check-in reads 07:30 on the member's clock every day across both transitions",
        arguments: [
            (
                "Europe/Berlin", "2026-03-27T12:00:00Z",
                ["2026-03-28T06:30:00Z", "2026-03-29T05:30:00Z", "2026-03-30T05:30:00Z"]
            ),
            (
                "Europe/Berlin", "2026-10-24T00:00:00Z",
                ["2026-10-24T05:30:00Z", "2026-10-25T06:30:00Z", "2026-10-26T06:30:00Z"]
            ),
            (
                "America/New_York", "2026-03-07T00:00:00Z",
                ["2026-03-07T12:30:00Z", "2026-03-08T11:30:00Z", "2026-03-09T11:30:00Z"]
            ),
            (
                "Australia/Lord_Howe", "2026-10-02T12:00:00Z",
                ["2026-10-02T21:00:00Z", "2026-10-03T20:30:00Z", "2026-10-04T20:30:00Z"]
            ),
        ])
    func stableAcrossTransitions(zoneID: String, start: String, expected: [String]) throws {
        let zone = try NotificationFixture.zone(zoneID)
        let schedule = LocalTimeSchedule(time: try NotificationFixture.time("07:30"), timeZone: zone)
        var now = try NotificationFixture.instant(start)
        var fired: [String] = []
        for _ in expected {
            now = schedule.nextOccurrence(after: now)
            fired.append(NotificationFixture.utc(now))
            #expect(NotificationFixture.wallClock(now, in: zone).hasSuffix(" 07:30"))
        }
        #expect(fired == expected)
    }

    @Test("A repeated fall-back time fires once, not twice")
    func repeatedTimeFiresOnce() throws {
        let schedule = LocalTimeSchedule(
            time: try NotificationFixture.time("02:30"), timeZone: try NotificationFixture.zone("Europe/Berlin"))
        var now = try NotificationFixture.instant("2026-10-24T12:00:00Z")
        var fired: [String] = []
        for _ in 0..<3 {
            now = schedule.nextOccurrence(after: now)
            fired.append(NotificationFixture.utc(now))
        }
        #expect(fired == ["2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z", "2026-10-27T01:30:00Z"])
    }

    @Test("An unknown zone id gives no schedule")
    func unknownZone() throws {
        #expect(LocalTimeSchedule(time: try NotificationFixture.time("07:30"), timeZoneIdentifier: "Mars/Olympus_Mons") == nil)
        #expect(LocalTimeSchedule(time: try NotificationFixture.time("07:30"), timeZoneIdentifier: "Europe/Berlin") != nil)
    }
}
