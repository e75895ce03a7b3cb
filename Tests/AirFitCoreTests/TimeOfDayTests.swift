import AirFitCore
import Foundation
import Testing

private func time(_ text: String) -> TimeOfDay { TimeOfDay(text)! }

@Suite("TimeOfDay")
struct TimeOfDayTests {
    @Test(
        "Parses H:mm and HH:mm",
        arguments: [
            ("7:05", 7, 5), ("07:05", 7, 5), ("00:00", 0, 0), ("23:59", 23, 59), ("12:30", 12, 30), (" 9:30 ", 9, 30),
        ])
    func parses(text: String, hour: Int, minute: Int) throws {
        let parsed = try #require(TimeOfDay(text))
        #expect(parsed.hour == hour)
        #expect(parsed.minute == minute)
        #expect(parsed.minutesSinceMidnight == hour * 60 + minute)
    }

    @Test(
        "Rejects text that is not a 24-hour time",
        arguments: [
            "", "24:00", "12:60", "7:5", "123:00", "12-00", "12:00:00", "noon", ":30", "12:", "-1:00", "-0:30", "+1:00",
            "1:+5", "12:3a", "٣:٣٠",
        ])
    func rejects(text: String) {
        #expect(TimeOfDay(text) == nil)
    }

    @Test("Rejects out-of-range hours and minutes", arguments: [(24, 0), (-1, 0), (0, 60), (0, -1), (100, 100)])
    func rejectsOutOfRange(hour: Int, minute: Int) {
        #expect(TimeOfDay(hour: hour, minute: minute) == nil)
    }

    @Test(
        "Formats as HH:mm and as a 12-hour clock",
        arguments: [
            (0, 0, "00:00", "12:00 AM"), (9, 5, "09:05", "9:05 AM"), (12, 0, "12:00", "12:00 PM"),
            (13, 7, "13:07", "1:07 PM"), (22, 30, "22:30", "10:30 PM"), (23, 59, "23:59", "11:59 PM"),
        ])
    func formats(hour: Int, minute: Int, twentyFour: String, twelve: String) throws {
        let value = try #require(TimeOfDay(hour: hour, minute: minute))
        #expect(value.description == twentyFour)
        #expect(value.twelveHourDescription == twelve)
        #expect(TimeOfDay(value.description) == value)
    }

    @Test("Times order by minutes since midnight")
    func ordering() {
        #expect(time("06:59") < time("07:00"))
        #expect(time("23:59") > time("0:00"))
        #expect([time("22:00"), time("7:00"), time("12:00")].sorted() == [time("7:00"), time("12:00"), time("22:00")])
    }

    @Test(
        "isWithin handles windows that wrap past midnight",
        arguments: [
            ("23:00", true), ("22:00", true), ("00:00", true), ("06:59", true), ("07:00", false), ("12:00", false),
            ("21:59", false),
        ])
    func wrappingWindow(text: String, inside: Bool) {
        #expect(time(text).isWithin(from: time("22:00"), to: time("07:00")) == inside)
    }

    @Test(
        "isWithin handles same-day windows with an inclusive start and exclusive end",
        arguments: [
            ("09:00", true), ("12:00", true), ("16:59", true), ("17:00", false), ("08:59", false), ("23:00", false),
        ])
    func sameDayWindow(text: String, inside: Bool) {
        #expect(time(text).isWithin(from: time("09:00"), to: time("17:00")) == inside)
    }

    @Test("An empty window contains nothing")
    func emptyWindow() {
        #expect(!time("10:00").isWithin(from: time("10:00"), to: time("10:00")))
        #expect(!time("11:00").isWithin(from: time("10:00"), to: time("10:00")))
    }

    @Test("Encodes as a JSON string and rejects a bad one when decoding")
    func codable() throws {
        let data = try JSONCoding.encoder.encode([time("7:05")])
        #expect(String(decoding: data, as: UTF8.self) == #"["07:05"]"#)
        #expect(try JSONCoding.decoder.decode([TimeOfDay].self, from: data) == [time("07:05")])
        #expect(throws: DecodingError.self) { try JSONCoding.decoder.decode([TimeOfDay].self, from: Data(#"["25:00"]"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONCoding.decoder.decode([TimeOfDay].self, from: Data("[705]".utf8)) }
    }
}

@Suite("SleepSchedule")
struct SleepScheduleTests {
    @Test(
        "Duration wraps past midnight",
        arguments: [
            ("22:30", "06:30", 480), ("23:00", "07:30", 510), ("01:00", "09:00", 480), ("21:45", "05:15", 450),
            ("00:00", "23:59", 1439), ("23:59", "00:00", 1),
        ])
    func duration(bedtime: String, wake: String, minutes: Int) {
        let schedule = SleepSchedule(bedtime: time(bedtime), wakeTime: time(wake), rhythm: .consistent)
        #expect(schedule.durationMinutes == minutes)
    }

    @Test("The default is 22:30 to 06:30, consistent, eight hours")
    func defaults() {
        #expect(SleepSchedule.default.bedtime == time("22:30"))
        #expect(SleepSchedule.default.wakeTime == time("06:30"))
        #expect(SleepSchedule.default.rhythm == .consistent)
        #expect(SleepSchedule.default.durationMinutes == 8 * 60)
    }

    @Test(
        "The person is asleep between bedtime and wake time",
        arguments: [
            ("23:00", true), ("03:00", true), ("06:29", true), ("06:30", false), ("12:00", false), ("22:30", true),
        ])
    func asleep(text: String, asleep: Bool) {
        #expect(SleepSchedule.default.isAsleep(at: time(text)) == asleep)
    }
}

@Suite("QuietHours")
struct QuietHoursTests {
    @Test(
        "Default quiet hours run 22:00 to 07:00",
        arguments: [
            ("22:00", true), ("23:30", true), ("02:00", true), ("06:59", true), ("07:00", false), ("13:00", false),
            ("21:59", false),
        ])
    func defaultWindow(text: String, quiet: Bool) {
        #expect(QuietHours().contains(time(text)) == quiet)
    }

    @Test("Disabled quiet hours contain nothing", arguments: ["22:00", "02:00", "13:00"])
    func disabled(text: String) {
        #expect(!QuietHours(enabled: false).contains(time(text)))
    }

    @Test("A same-day quiet window works too")
    func sameDay() {
        let siesta = QuietHours(enabled: true, start: time("13:00"), end: time("15:00"))
        #expect(siesta.contains(time("14:00")))
        #expect(!siesta.contains(time("15:00")))
        #expect(!siesta.contains(time("23:00")))
    }
}
