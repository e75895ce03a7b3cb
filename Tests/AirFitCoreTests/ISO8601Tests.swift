import AirFitCore
import Foundation
import Testing

@Suite("ISO8601")
struct ISO8601Tests {
    @Test(
        "Formats UTC with milliseconds",
        arguments: [
            (0.0, "1970-01-01T00:00:00.000Z"),
            (1_700_000_000.123, "2023-11-14T22:13:20.123Z"),
            (1_709_208_000, "2024-02-29T12:00:00.000Z"),
            (951_782_400, "2000-02-29T00:00:00.000Z"),
            (-1, "1969-12-31T23:59:59.000Z"),
            (-0.001, "1969-12-31T23:59:59.999Z"),
            (-14_182_940, "1969-07-20T20:17:40.000Z"),
            (-2_208_988_800, "1900-01-01T00:00:00.000Z"),
            (-62_135_596_800, "0001-01-01T00:00:00.000Z"),
            (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
            (0.0004, "1970-01-01T00:00:00.000Z"),
            (1_700_000_000.9996, "2023-11-14T22:13:21.000Z"),
            (1_700_000_000.0016, "2023-11-14T22:13:20.002Z"),
            (59.9996, "1970-01-01T00:01:00.000Z"),
        ])
    func formats(seconds: Double, expected: String) {
        #expect(ISO8601.string(from: Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test(
        "Parses what it formats, with or without a fraction",
        arguments: [
            ("1970-01-01T00:00:00Z", 0.0),
            ("1970-01-01T00:00:00.000Z", 0),
            ("2023-11-14T22:13:20.123Z", 1_700_000_000.123),
            ("2024-02-29T12:00:00Z", 1_709_208_000),
            ("2000-02-29T00:00:00.000Z", 951_782_400),
            ("1969-12-31T23:59:59.999Z", -0.001),
            ("1900-01-01T00:00:00Z", -2_208_988_800),
            ("0001-01-01T00:00:00Z", -62_135_596_800),
            ("2023-11-14t22:13:20z", 1_700_000_000),
            ("2023-11-14T22:13:20.5Z", 1_700_000_000.5),
            ("2023-11-14T22:13:20.123456Z", 1_700_000_000.123),
            ("2023-11-14T22:13:20.9996Z", 1_700_000_001),
        ])
    func parses(text: String, seconds: Double) throws {
        let date = try #require(ISO8601.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6, "\(date.timeIntervalSince1970)")
    }

    @Test(
        "Applies time-zone offsets",
        arguments: [
            ("2024-03-10T10:00:00+02:00", "2024-03-10T08:00:00.000Z"),
            ("2024-03-10T10:00:00-05:30", "2024-03-10T15:30:00.000Z"),
            ("2024-01-01T01:00:00+02:00", "2023-12-31T23:00:00.000Z"),
            ("2024-03-01T00:30:00.250+01:00", "2024-02-29T23:30:00.250Z"),
            ("2024-03-10T10:00:00+00:00", "2024-03-10T10:00:00.000Z"),
            ("2024-03-10T10:00:00-00:00", "2024-03-10T10:00:00.000Z"),
        ])
    func offsets(text: String, utc: String) throws {
        let date = try #require(ISO8601.date(from: text))
        #expect(ISO8601.string(from: date) == utc)
    }

    @Test(
        "Rejects text that is not an ISO-8601 timestamp",
        arguments: [
            "", "not a date", "2024-01-01", "2024-01-01T00:00:00", "2024-01-01 00:00:00Z", "2024/01/01T00:00:00Z",
            "2024-13-01T00:00:00Z", "2024-00-10T00:00:00Z", "2024-01-00T00:00:00Z", "2024-01-32T00:00:00Z",
            "2024-01-01T24:00:00Z", "2024-01-01T00:60:00Z", "2024-01-01T00:00:61Z", "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00Zjunk", "2024-01-01T00:00:00+0200", "2024-01-01T00:00:00+02", "2024-01-01T00:00:00+02:00x",
            "abcd-01-01T00:00:00Z", "2024-1-01T00:00:00Z", "2024-01-01T0:00:00Z", "+2024-01-01T00:00:00Z",
            "2023-02-29T00:00:00Z", "2024-02-30T00:00:00Z", "2024-04-31T00:00:00Z", "1900-02-29T00:00:00Z",
            "2024-01-01T00:00:00.123", "2024-01-01T00:00:00.12a4Z", "2024-01-01T00:00:00+24:00", "2024-01-01T00:00:00+02:60",
            "2024-01-01T00:00:00-99:99",
        ])
    func rejects(text: String) {
        #expect(ISO8601.date(from: text) == nil)
    }

    @Test("Leap days parse in leap years", arguments: ["2024-02-29", "2000-02-29", "1600-02-29", "1968-02-29"])
    func leapDays(day: String) throws {
        let date = try #require(ISO8601.date(from: day + "T06:07:08Z"))
        #expect(ISO8601.string(from: date) == day + "T06:07:08.000Z")
    }

    @Test("Agrees with Foundation's formatter on whole seconds across four centuries")
    func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var generator = SplitMix64(seed: 0xA1F17)
        for _ in 0..<2000 {
            // 1601-01-01 ... 2399-12-31: Foundation and the proleptic calendar agree there.
            let seconds = Double(Int64.random(in: -11_644_473_600...13_569_465_599, using: &generator))
            let date = Date(timeIntervalSince1970: seconds)
            let ours = ISO8601.string(from: date)
            #expect(ours == formatter.string(from: date).replacingOccurrences(of: "Z", with: ".000Z"), "\(seconds)")
            #expect(ISO8601.date(from: ours) == date, "\(seconds)")
        }
    }

    @Test("format → parse → format is stable for random dates, and parse lands within half a millisecond of the date")
    func roundTripRandom() throws {
        var generator = SplitMix64(seed: 20_260_102)
        for _ in 0..<5000 {
            let seconds = Double.random(in: -62_135_596_800..<253_402_300_800, using: &generator)
            let date = Date(timeIntervalSince1970: seconds)
            let text = ISO8601.string(from: date)
            let parsed = try #require(ISO8601.date(from: text), "\(seconds) → \(text)")
            #expect(ISO8601.string(from: parsed) == text, "\(seconds)")
            // Half a millisecond of rounding, plus a few units in the last place: `Date` counts from 2001, not 1970.
            #expect(abs(parsed.timeIntervalSince1970 - seconds) <= 0.0005 + 4 * seconds.magnitude.ulp, "\(seconds)")
        }
    }

    @Test("JSONCoding writes ISO-8601 dates and reads them with or without fractions")
    func jsonCoding() throws {
        let data = try JSONCoding.encoder.encode(["at": Date(timeIntervalSince1970: 1_700_000_000.5)])
        #expect(String(decoding: data, as: UTF8.self) == #"{"at":"2023-11-14T22:13:20.500Z"}"#)
        let decoded = try JSONCoding.decoder.decode([String: Date].self, from: Data(#"{"at":"2023-11-14T22:13:20Z"}"#.utf8))
        #expect(decoded["at"] == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(throws: DecodingError.self) {
            try JSONCoding.decoder.decode([String: Date].self, from: Data(#"{"at":"yesterday"}"#.utf8))
        }
    }
}
