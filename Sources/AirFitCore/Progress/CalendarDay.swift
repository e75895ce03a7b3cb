public import Foundation

/// A calendar day on its own, with no time or zone: what a person means by "Tuesday 3 March". Day arithmetic on it
/// never meets a daylight-saving change, because the clock is left out; a moment becomes a day only through the
/// person's time zone (``init(_:in:)``).
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let ordinal: Int

    /// The day `ordinal` days after 1970-01-01.
    public init(ordinal: Int) { self.ordinal = ordinal }

    /// The day written `yyyy-MM-dd` (a real date), or nil.
    public init?(_ text: String) {
        guard DailyLog.isValidDay(text) else { return nil }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        self.init(year: parts[0], month: parts[1], day: parts[2])
    }

    /// The day `date` falls on in `zone`.
    public init(_ date: Date, in zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The day of a proleptic Gregorian date (days-from-civil, Howard Hinnant).
    init(year: Int, month: Int, day: Int) {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        ordinal = era * 146_097 + dayOfEra - 719_468
    }

    /// Year, month (1–12) and day of month.
    public var components: (year: Int, month: Int, day: Int) {
        let days = ordinal + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `yyyy-MM-dd`.
    public var description: String {
        let (year, month, day) = components
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// 1 = Sunday … 7 = Saturday (1970-01-01 was a Thursday).
    public var weekday: Int { ((ordinal + 4) % 7 + 7) % 7 + 1 }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> CalendarDay { CalendarDay(ordinal: ordinal + days) }

    /// Days from `self` to `other` (negative when `other` is earlier).
    public func days(to other: CalendarDay) -> Int { other.ordinal - ordinal }

    /// The first day of the week holding this day, weeks starting on `start`.
    public func startOfWeek(_ start: WeekStart) -> CalendarDay {
        let first = start == .sunday ? 1 : 2
        return adding(days: -((weekday - first + 7) % 7))
    }

    /// The moment the day begins in `zone` (its first existing minute when a clock change skips midnight).
    public func start(in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let (year, month, day) = components
        let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? Date(timeIntervalSince1970: 0)
        return calendar.startOfDay(for: noon)
    }

    /// "3 Mar" — short, for chart labels.
    public var shortLabel: String {
        let (_, month, day) = components
        return "\(day) \(Self.monthAbbreviations[month - 1])"
    }

    /// "3 Mar 2026".
    public var mediumLabel: String { "\(shortLabel) \(components.year)" }

    static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.ordinal < rhs.ordinal }
}
