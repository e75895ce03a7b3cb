import AirFitCore
import Foundation
import Testing

@Suite("Usage month")
struct UsageMonthTests {
    static func zone(_ identifier: String) throws -> TimeZone { try #require(TimeZone(identifier: identifier)) }
    static func instant(_ text: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: text)) }

    @Test(
        "A month runs from the 1st at midnight in the member's zone to the next, with its hours as the zone had them",
        arguments: [
            ("Europe/Berlin", "2026-11-15T12:00:00Z", "2026-11", "2026-10-31T23:00:00Z", "2026-11-30T23:00:00Z", 30, 720),
            // Clocks go forward on 29 March and back on 25 October.
            ("Europe/Berlin", "2026-03-29T12:00:00Z", "2026-03", "2026-02-28T23:00:00Z", "2026-03-31T22:00:00Z", 31, 743),
            ("Europe/Berlin", "2026-10-10T12:00:00Z", "2026-10", "2026-09-30T22:00:00Z", "2026-10-31T23:00:00Z", 31, 745),
            // São Paulo's last daylight-saving start skipped midnight on 4 November 2018.
            ("America/Sao_Paulo", "2018-11-04T12:00:00Z", "2018-11", "2018-11-01T03:00:00Z", "2018-12-01T02:00:00Z", 30, 719),
            ("America/Sao_Paulo", "2019-02-20T12:00:00Z", "2019-02", "2019-02-01T02:00:00Z", "2019-03-01T03:00:00Z", 28, 673),
            // Samoa skipped 30 December 2011, moving from UTC-10 to UTC+14.
            ("Pacific/Apia", "2011-12-15T12:00:00Z", "2011-12", "2011-12-01T10:00:00Z", "2011-12-31T10:00:00Z", 30, 720),
            ("UTC", "2028-02-29T23:59:59Z", "2028-02", "2028-02-01T00:00:00Z", "2028-03-01T00:00:00Z", 29, 696),
        ] as [(String, String, String, String, String, Int, Int)]
    )
    func months(zone: String, at: String, key: String, start: String, end: String, days: Int, hours: Int) throws {
        let month = UsageMonth.containing(try Self.instant(at), timeZone: try Self.zone(zone))
        #expect(month.key == key)
        #expect(month.start == (try Self.instant(start)))
        #expect(month.end == (try Self.instant(end)))
        #expect(month.days().count == days)
        #expect(Int(month.end.timeIntervalSince(month.start) / 3_600) == hours)
        let list = month.days()
        #expect(list.first == key + "-01")
        #expect(list == list.sorted() && Set(list).count == list.count)
    }

    @Test("Samoa's December 2011 has no 30th, and São Paulo's skipped midnight still starts its day")
    func skippedDays() throws {
        let apia = UsageMonth.containing(try Self.instant("2011-12-15T12:00:00Z"), timeZone: try Self.zone("Pacific/Apia"))
        #expect(!apia.days().contains("2011-12-30"))
        #expect(apia.days().last == "2011-12-31")
        let saoPaulo = UsageMonth.containing(try Self.instant("2018-11-10T12:00:00Z"), timeZone: try Self.zone("America/Sao_Paulo"))
        #expect(saoPaulo.days().filter { $0 == "2018-11-04" }.count == 1)
        #expect(saoPaulo.dayKey(of: try Self.instant("2018-11-04T03:00:00Z")) == "2018-11-04")
        #expect(saoPaulo.dayKey(of: try Self.instant("2018-11-04T02:59:59Z")) == "2018-11-03")
    }

    @Test(
        "One second either side of midnight on the 1st: the member's zone decides the month, not UTC",
        arguments: [
            ("Europe/Berlin", "2026-11-30T22:59:59Z", "2026-11", "2026-11-30"),
            ("Europe/Berlin", "2026-11-30T23:00:00Z", "2026-12", "2026-12-01"),
            ("America/New_York", "2026-12-01T04:59:59Z", "2026-11", "2026-11-30"),
            ("America/New_York", "2026-12-01T05:00:00Z", "2026-12", "2026-12-01"),
            ("Pacific/Apia", "2026-11-30T10:59:59Z", "2026-11", "2026-11-30"),
            ("Pacific/Apia", "2026-11-30T11:00:00Z", "2026-12", "2026-12-01"),
            ("UTC", "2026-11-30T23:59:59Z", "2026-11", "2026-11-30"),
            ("UTC", "2026-12-01T00:00:00Z", "2026-12", "2026-12-01"),
        ]
    )
    func boundaries(zone: String, at: String, key: String, day: String) throws {
        let date = try Self.instant(at)
        let month = UsageMonth.containing(date, timeZone: try Self.zone(zone))
        #expect(month.key == key)
        #expect(month.dayKey(of: date) == day)
        #expect(month.contains(date))
        #expect(month.start <= date && date < month.end)
    }

    @Test("The month after a month starts where it ends, across a year")
    func consecutive() throws {
        let zone = try Self.zone("Asia/Kolkata")
        let december = UsageMonth.containing(try Self.instant("2026-12-31T18:29:59Z"), timeZone: zone)
        let january = UsageMonth.containing(december.end, timeZone: zone)
        #expect(december.key == "2026-12")
        #expect(january.key == "2027-01")
        #expect(january.start == december.end)
    }
}
