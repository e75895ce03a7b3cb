public import Foundation

/// A calendar day at the forecast's location ("2024-06-01"), free of any time zone.
public struct LocalDate: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date from its parts.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses "yyyy-MM-dd"; nil when the text is not a valid date.
    public init?(iso8601 text: some StringProtocol) {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The local day an instant falls on, at a place `utcOffsetSeconds` ahead of UTC.
    public init(_ instant: Date, utcOffsetSeconds: Int) {
        let parts = Self.utcCalendar.dateComponents(
            [.year, .month, .day], from: instant.addingTimeInterval(TimeInterval(utcOffsetSeconds)))
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// "2024-06-01".
    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// "Mon", "Tue", …
    public var weekdayAbbreviation: String {
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = Self.utcCalendar.date(from: components) else { return "" }
        let weekday = Self.utcCalendar.component(.weekday, from: date)
        return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][(weekday - 1) % 7]
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}
