public import Foundation

/// A member's calendar month in their own time zone: what a budget covers, from the 1st at 00:00 local to the next.
///
/// Built on the Gregorian calendar of the zone, so months with a daylight-saving change (or a day a zone skipped) have
/// the hours and days they really had there.
public struct UsageMonth: Sendable, Equatable, Hashable {
    /// "2026-11".
    public let key: String
    /// The 1st at 00:00 in the zone (or the first instant of that day, where midnight was skipped).
    public let start: Date
    /// The next month's start: when the budget resets.
    public let end: Date
    /// The zone the month is counted in.
    public let timeZone: TimeZone

    /// The month containing `date` in `timeZone`.
    public static func containing(_ date: Date, timeZone: TimeZone) -> UsageMonth {
        let calendar = Self.calendar(timeZone)
        let parts = calendar.dateComponents([.year, .month], from: date)
        let year = parts.year ?? 1970
        let month = parts.month ?? 1
        let start = calendar.dateInterval(of: .month, for: date)?.start ?? date
        let next = calendar.date(byAdding: .month, value: 1, to: start).flatMap { calendar.dateInterval(of: .month, for: $0)?.start }
        return UsageMonth(
            key: Self.pad(year, 4) + "-" + Self.pad(month, 2), start: start, end: next ?? start.addingTimeInterval(31 * 86_400),
            timeZone: timeZone)
    }

    /// Every day of the month ("2026-11-01" … "2026-11-30"), in order, as the zone's calendar has them.
    public func days() -> [String] {
        let calendar = Self.calendar(timeZone)
        var days: [String] = []
        var day = start
        // A month has at most 31 days; the bound keeps a broken calendar from looping.
        while day < end, days.count < 32 {
            days.append(dayKey(of: day))
            guard let next = calendar.date(byAdding: .day, value: 1, to: day).map(calendar.startOfDay(for:)), next > day else { break }
            day = next
        }
        return days
    }

    /// The day ("2026-11-23") that `date` falls on in the month's zone.
    public func dayKey(of date: Date) -> String {
        let parts = Self.calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        return Self.pad(parts.year ?? 1970, 4) + "-" + Self.pad(parts.month ?? 1, 2) + "-" + Self.pad(parts.day ?? 1, 2)
    }

    /// Whether `date` is in this month.
    public func contains(_ date: Date) -> Bool { start <= date && date < end }

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
