public import Foundation

/// A day and a clock time as a form writes them (`2026-11-22`, `07:30`) in the person's time zone.
public enum LocalDateTime {
    /// The moment `day` at `time` in `zone`, or nil when either is not written that way.
    public static func date(day: String, time: String, zone: TimeZone) -> Date? {
        guard let start = HistoryPage.start(of: day, zone: zone), let clock = TimeOfDay(time) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: start)
        return calendar.date(
            from: DateComponents(year: parts.year, month: parts.month, day: parts.day, hour: clock.hour, minute: clock.minute))
    }

    /// `date`'s day and clock time in `zone`, as a form's date and time fields take them.
    public static func fields(of date: Date, zone: TimeZone) -> (day: String, time: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (DailyLog.day(of: date, timeZone: zone.identifier), String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0))
    }
}
