import AirFitCore
import Foundation
import Testing

/// Parsing helpers for the notification rule tests: instants as ISO 8601 text, zones, times of day.
enum NotificationFixture {
    static func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text), "not an ISO 8601 instant: \(text)")
    }

    static func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier), "unknown zone: \(identifier)")
    }

    static func time(_ text: String) throws -> TimeOfDay {
        try #require(TimeOfDay(text), "not a time of day: \(text)")
    }

    /// The instant as UTC text, so a failing expectation prints something readable.
    static func utc(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// What the wall clock reads at `date` in `zone`, as "yyyy-MM-dd HH:mm".
    static func wallClock(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }
}
