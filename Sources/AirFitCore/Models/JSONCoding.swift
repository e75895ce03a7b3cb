public import Foundation

/// The one JSON configuration used for stored documents and exports: sorted keys, ISO-8601 dates.
public enum JSONCoding {
    /// The shared encoder: sorted keys and ISO-8601 dates with milliseconds. Do not reconfigure it.
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.string(from: date))
        }
        return encoder
    }()

    /// A decoder accepting ISO-8601 dates with or without fractional seconds.
    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an ISO-8601 date, got \"\(text)\"")
            }
            return date
        }
        return decoder
    }()
}

/// ISO-8601 timestamps in UTC with millisecond precision (`2026-01-02T03:04:05.678Z`).
///
/// Dates are rounded to whole milliseconds, so format → parse → format is stable, which the
/// export/import round trip relies on. Pure integer arithmetic: fast enough for bulk export.
public enum ISO8601 {
    /// Formats a date as `2026-01-02T03:04:05.678Z`.
    public static func string(from date: Date) -> String {
        let totalMs = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var days = totalMs >= 0 ? totalMs / 86_400_000 : (totalMs - 86_399_999) / 86_400_000
        let msOfDay = totalMs - days * 86_400_000
        // Civil-from-days (Howard Hinnant), valid for the proleptic Gregorian calendar.
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var out = ""
        out.reserveCapacity(24)
        func pad(_ value: Int64, _ width: Int) {
            let digits = String(value)
            if digits.count < width { out += String(repeating: "0", count: width - digits.count) }
            out += digits
        }
        pad(year, 4); out += "-"; pad(month, 2); out += "-"; pad(day, 2); out += "T"
        pad(msOfDay / 3_600_000, 2); out += ":"; pad(msOfDay / 60_000 % 60, 2); out += ":"
        pad(msOfDay / 1000 % 60, 2); out += "."; pad(msOfDay % 1000, 3); out += "Z"
        return out
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff…](Z|±HH:MM)`; returns `nil` for anything else.
    public static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[from..<(from + count)] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 116,
            bytes[13] == 58, bytes[16] == 58,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        // Day 30 of February or 31 of April would otherwise roll silently into the next month.
        let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let daysInMonth: [Int64] = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= daysInMonth[Int(month) - 1] else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds: Int64 = 0
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case 90, 122:  // Z z
            guard index + 1 == bytes.count else { return nil }
        case 43, 45:  // + -
            guard index + 6 == bytes.count, bytes[index + 3] == 58,
                let oh = number(index + 1, 2), let om = number(index + 4, 2), oh < 24, om < 60
            else { return nil }
            offsetSeconds = (oh * 3600 + om * 60) * (bytes[index] == 43 ? 1 : -1)
        default:
            return nil
        }
        // Days-from-civil (Howard Hinnant).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds
        let ms = (fraction * 1000).rounded()
        return Date(timeIntervalSince1970: (Double(seconds) * 1000 + ms) / 1000)
    }
}
