public import Foundation

/// Days and weeks as the person lives them: their time zone and the day their week starts on.
public struct PlanCalendar: Sendable {
    /// The Gregorian calendar in the person's time zone (UTC when the identifier is unknown).
    public let calendar: Calendar
    /// The day weeks start on.
    public let weekStart: WeekStart

    /// Creates a calendar for an IANA time zone identifier and a week start.
    public init(timeZone identifier: String, weekStart: WeekStart) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
        calendar.firstWeekday = weekStart == .sunday ? 1 : 2
        self.calendar = calendar
        self.weekStart = weekStart
    }

    /// The calendar of a person's settings.
    public init(user: User) { self.init(timeZone: user.timeZone, weekStart: user.weekStart) }

    /// `sessions` in the person's week order (from their week start), earliest first within a day.
    public func inWeekOrder(_ sessions: [PlannedSession]) -> [PlannedSession] {
        let first = calendar.firstWeekday
        return sessions.sorted {
            (($0.slot.dayOfWeek - first + 7) % 7, $0.slot.startTime) < (($1.slot.dayOfWeek - first + 7) % 7, $1.slot.startTime)
        }
    }

    /// The local weekday of `date`: 1 = Sunday … 7 = Saturday.
    public func dayOfWeek(of date: Date) -> Int { calendar.component(.weekday, from: date) }

    /// The local day of `date` as "YYYY-MM-DD".
    public func day(of date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// Local midnight at the start of `date`'s day.
    public func startOfDay(_ date: Date) -> Date { calendar.startOfDay(for: date) }

    /// Local midnight at the start of the week holding `date`.
    public func startOfWeek(containing date: Date) -> Date {
        let today = startOfDay(date)
        let back = (dayOfWeek(of: today) - calendar.firstWeekday + 7) % 7
        return calendar.date(byAdding: .day, value: -back, to: today) ?? today
    }

    /// `date` moved by `days` local days (wall-clock days, so a daylight-saving change keeps the time of day).
    public func adding(days: Int, to date: Date) -> Date { calendar.date(byAdding: .day, value: days, to: date) ?? date }

    /// The local days (YYYY-MM-DD) of the last `count` days ending with `now`'s day, newest first.
    public func recentDays(_ count: Int, endingAt now: Date) -> [String] {
        let today = startOfDay(now)
        return (0..<max(0, count)).map { day(of: adding(days: -$0, to: today)) }
    }

    /// The start and end of the `weeksBack`-th complete week before the week holding `now` (1 = last week).
    public func completeWeek(_ weeksBack: Int, before now: Date) -> Range<Date> {
        let thisWeek = startOfWeek(containing: now)
        let start = adding(days: -7 * weeksBack, to: thisWeek)
        return start..<adding(days: 7, to: start)
    }
}
