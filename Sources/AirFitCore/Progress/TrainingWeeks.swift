public import Foundation

/// The training chart's data: minutes and sessions per week (weeks start on the person's chosen day, in their
/// time zone) against the weekly target.
public struct TrainingWeeks: Sendable, Equatable {
    /// One week.
    public struct Week: Sendable, Equatable {
        /// Its first day.
        public var start: CalendarDay
        public var minutes: Double
        public var sessions: Int
        /// The week holding today, still under way.
        public var isCurrent: Bool

        /// Creates a week.
        public init(start: CalendarDay, minutes: Double, sessions: Int, isCurrent: Bool) {
            self.start = start
            self.minutes = minutes
            self.sessions = sessions
            self.isCurrent = isCurrent
        }
    }

    /// Every week overlapping the range, oldest first (empty weeks included, so a gap shows).
    public var weeks: [Week]
    /// Sessions a week the person planned (their onboarding time slots), when known.
    public var weeklyTarget: Int?
    /// Whether any workout was logged in these weeks.
    public var hasWorkouts: Bool { weeks.contains { $0.sessions > 0 } }

    /// The weeks of `window`, each counting the `workouts` that started on one of its days in `zone`.
    public init(workouts: [Workout], window: ClosedRange<CalendarDay>, zone: TimeZone, weekStart: WeekStart, weeklyTarget: Int?) {
        let first = window.lowerBound.startOfWeek(weekStart)
        let current = window.upperBound.startOfWeek(weekStart)
        var totals: [CalendarDay: (minutes: Double, sessions: Int)] = [:]
        for workout in workouts {
            let week = CalendarDay(workout.startedAt, in: zone).startOfWeek(weekStart)
            guard week >= first, week <= current else { continue }
            let minutes = workout.durationMinutes.isFinite ? max(0, workout.durationMinutes) : 0
            totals[week, default: (0, 0)].minutes += minutes
            totals[week, default: (0, 0)].sessions += 1
        }
        weeks = stride(from: first.ordinal, through: current.ordinal, by: 7).map { ordinal in
            let start = CalendarDay(ordinal: ordinal)
            let total = totals[start] ?? (0, 0)
            return Week(start: start, minutes: total.minutes, sessions: total.sessions, isCurrent: start == current)
        }
        self.weeklyTarget = weeklyTarget.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The first moment counted: the start of the first week in `zone`.
    public static func firstMoment(window: ClosedRange<CalendarDay>, zone: TimeZone, weekStart: WeekStart) -> Date {
        window.lowerBound.startOfWeek(weekStart).start(in: zone)
    }

    /// The key takeaway in one sentence; nil when no workout was logged.
    public var takeaway: String? {
        guard hasWorkouts else { return nil }
        // The week under way would pull the average down; it counts only when it is the only one.
        let whole = weeks.count > 1 ? weeks.filter { !$0.isCurrent } : weeks
        let sessions = Double(whole.reduce(0) { $0 + $1.sessions }) / Double(whole.count)
        let minutes = whole.reduce(0) { $0 + $1.minutes } / Double(whole.count)
        var sentence =
            "You averaged \(Self.decimal(sessions)) \(sessions == 1 ? "session" : "sessions") and "
            + "\(FiniteNumber.displayInt(minutes)) minutes of training a week"
        if let weeklyTarget {
            let met = whole.filter { $0.sessions >= weeklyTarget }.count
            sentence += "; \(met) of \(whole.count) \(whole.count == 1 ? "week" : "weeks") reached your \(weeklyTarget) sessions"
        }
        return sentence + "."
    }

    /// "2.5", "3".
    static func decimal(_ value: Double) -> String { MeasurementSystem.number(value, 1) }
}
