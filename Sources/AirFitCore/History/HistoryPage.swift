public import Foundation

/// What the history shows: workouts, meals and check-ins.
public enum HistoryKind: String, CaseIterable, Sendable, Codable {
    case workout, meal, checkin

    /// One of them: "Workout", "Meal", "Check-in".
    public var singular: String {
        switch self {
        case .workout: "Workout"
        case .meal: "Meal"
        case .checkin: "Check-in"
        }
    }

    /// The filter's label.
    public var title: String {
        switch self {
        case .workout: "Workouts"
        case .meal: "Meals"
        case .checkin: "Check-ins"
        }
    }
}

/// One logged thing in the history.
public struct HistoryEntry: Sendable, Equatable {
    public var id: UUID
    public var kind: HistoryKind
    /// When it happened; a check-in is for its whole day and lists first.
    public var at: Date
    /// The day it belongs to (`yyyy-MM-dd` in the person's zone).
    public var day: String
    /// "Run, 30 min" / "Breakfast: oats, banana · 450 kcal" / "Check-in: energy 4/5, 72 kg".
    public var title: String
    /// "7:30 AM", or nil for a check-in (it is for the whole day).
    public var time: String?
}

/// One day of history, newest entry first.
public struct HistoryDay: Sendable, Equatable {
    public var day: String
    public var entries: [HistoryEntry]
}

/// Days of history, newest first, a page at a time: the records older than a cursor day grouped by day in the person's
/// time zone. A page never ends inside a day whose records might not all have been read.
public struct HistoryPage: Sendable, Equatable {
    /// Days per page.
    public static let daysPerPage = 7
    /// Records of each kind read per page.
    public static let recordsPerKind = 100

    public var days: [HistoryDay]
    /// The cursor of the next (older) page: its days are before this one. Nil on the last page.
    public var olderThan: String?

    /// Groups records read newest first (each list at most ``recordsPerKind`` long, all before the cursor) into a page.
    public init(
        workouts: [Workout], meals: [FoodEntry], logs: [DailyLog], zone: TimeZone, units: MeasurementSystem,
        daysPerPage: Int = Self.daysPerPage, recordsPerKind: Int = Self.recordsPerKind
    ) {
        let identifier = zone.identifier
        var entries: [HistoryEntry] = []
        entries += workouts.map { workout in
            HistoryEntry(
                id: workout.id, kind: .workout, at: workout.startedAt, day: DailyLog.day(of: workout.startedAt, timeZone: identifier),
                title: LoggedEntry.workout(workout).title(units: units), time: Self.time(workout.startedAt, zone: zone))
        }
        entries += meals.map { meal in
            HistoryEntry(
                id: meal.id, kind: .meal, at: meal.loggedAt, day: DailyLog.day(of: meal.loggedAt, timeZone: identifier),
                title: LoggedEntry.meal(meal).title(units: units), time: Self.time(meal.loggedAt, zone: zone))
        }
        entries += logs.map { log in
            HistoryEntry(
                id: log.id, kind: .checkin, at: .distantFuture, day: log.day, title: LoggedEntry.checkin(log).title(units: units),
                time: nil)
        }
        // A kind that filled its read may have more records on its oldest day: that day waits for the next page.
        let full = [
            workouts.count >= recordsPerKind ? workouts.last.map { DailyLog.day(of: $0.startedAt, timeZone: identifier) } : nil,
            meals.count >= recordsPerKind ? meals.last.map { DailyLog.day(of: $0.loggedAt, timeZone: identifier) } : nil,
            logs.count >= recordsPerKind ? logs.last?.day : nil,
        ].compactMap { $0 }
        let horizon = full.max()
        let byDay = Dictionary(grouping: entries, by: \.day)
        var dayNames = byDay.keys.sorted(by: >)
        if let horizon {
            let complete = dayNames.filter { $0 > horizon }
            // More than a page of records on one day: show what was read rather than nothing.
            dayNames = complete.isEmpty ? Array(dayNames.prefix(1)) : complete
        }
        let shown = Array(dayNames.prefix(daysPerPage))
        days = shown.map { day in
            HistoryDay(day: day, entries: byDay[day, default: []].sorted { ($0.at, $0.id.uuidString) > ($1.at, $1.id.uuidString) })
        }
        let more = horizon != nil || dayNames.count > shown.count
        olderThan = more ? shown.last : nil
    }

    /// "7:30 AM" in `zone`.
    public static func time(_ date: Date, zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "h:mm a"
        return formatter.string(from: date)
    }

    /// The start of `day` (`yyyy-MM-dd`) in `zone`, or nil when it is not such a day.
    public static func start(of day: String, zone: TimeZone) -> Date? {
        guard DailyLog.isValidDay(day) else { return nil }
        let parts = day.split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    /// The moments `day` (`yyyy-MM-dd`) spans in `zone`, from its start up to the next day's (23 or 25 hours on a clock
    /// change), or nil when it is not such a day.
    public static func interval(of day: String, zone: TimeZone) -> Range<Date>? {
        guard let start = start(of: day, zone: zone) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return start..<(calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400))
    }

    /// The day before `day` (`yyyy-MM-dd`).
    public static func dayBefore(_ day: String) -> String? {
        guard let start = start(of: day, zone: .gmt) else { return nil }
        return DailyLog.day(of: start.addingTimeInterval(-86_400), timeZone: "UTC")
    }
}
