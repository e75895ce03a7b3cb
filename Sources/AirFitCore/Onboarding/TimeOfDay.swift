import Foundation

/// A wall-clock time (hour and minute) with no date or time zone, encoded as "HH:mm".
///
/// The spec stores times of day as `Date`; a bare time is what the screens mean and it
/// survives time-zone changes and serialization without drift.
public struct TimeOfDay: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Minutes since midnight, 0..<1440.
    public let minutesSinceMidnight: Int

    /// Creates a time; returns `nil` when hour or minute is out of range.
    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        minutesSinceMidnight = hour * 60 + minute
    }

    /// Parses "H:mm" or "HH:mm" (24-hour).
    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var hour: Int { minutesSinceMidnight / 60 }
    public var minute: Int { minutesSinceMidnight % 60 }

    /// "HH:mm".
    public var description: String { String(format: "%02d:%02d", hour, minute) }

    /// "10:30 PM" style, for display.
    public var twelveHourDescription: String {
        let h = hour % 12 == 0 ? 12 : hour % 12
        return String(format: "%d:%02d %@", h, minute, hour < 12 ? "AM" : "PM")
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutesSinceMidnight < rhs.minutesSinceMidnight }

    /// Whether `self` lies in the window from `start` to `end`, which may wrap past midnight.
    public func isWithin(from start: TimeOfDay, to end: TimeOfDay) -> Bool {
        if start == end { return false }
        if start < end { return self >= start && self < end }
        return self >= start || self < end
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = TimeOfDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a time as HH:mm, got \"\(text)\"")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
