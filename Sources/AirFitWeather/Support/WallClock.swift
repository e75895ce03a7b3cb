import Foundation

/// Local wall-clock text from providers ("2024-06-01T13:00", "2024-6-1 9:05", "2024-06-01").
enum WallClock {
    /// The instant a wall-clock time denotes at a place `utcOffsetSeconds` ahead of UTC; nil for unreadable text.
    static func instant(_ text: some StringProtocol, utcOffsetSeconds: Int) -> Date? {
        let dateAndTime = text.split(maxSplits: 1) { $0 == "T" || $0 == " " }
        guard let date = dateAndTime.first.flatMap({ LocalDate(iso8601: $0) }) else { return nil }
        let clock = dateAndTime.count == 2 ? dateAndTime[1].split(separator: ":").map { Int($0) } : []
        guard !clock.contains(nil) else { return nil }
        var components = DateComponents(year: date.year, month: date.month, day: date.day)
        components.hour = clock.first.flatMap { $0 } ?? 0
        components.minute = clock.count > 1 ? clock[1] : 0
        return calendar.date(from: components)?.addingTimeInterval(TimeInterval(-utcOffsetSeconds))
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}

extension WallClock {
    /// "14:05" at a place `utcOffsetSeconds` ahead of UTC.
    static func timeOfDay(_ instant: Date, utcOffsetSeconds: Int) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: instant.addingTimeInterval(TimeInterval(utcOffsetSeconds)))
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
