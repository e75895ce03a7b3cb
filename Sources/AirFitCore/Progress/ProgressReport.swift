public import Foundation

/// Everything the progress page charts for one person over one range, computed from their records alone (no
/// clock, no store): weight, training, strength, nutrition and wellbeing.
public struct ProgressReport: Sendable, Equatable {
    /// What to read for a report, all in the person's time zone.
    public struct Reads: Sendable, Equatable {
        /// The days shown, today last.
        public var window: ClosedRange<CalendarDay>
        /// Workouts from here (the start of the first week, which may begin before the window) …
        public var workoutsFrom: Date
        /// … and meals from here (the start of the window) …
        public var mealsFrom: Date
        /// … both until the end of today.
        public var recordsTo: Date
        /// Check-ins from this day (six days early, so the first moving averages are whole) to `toDay`.
        public var logsFromDay: String
        public var logsToDay: String
    }

    /// The most records of each kind read for one report (a year of heavy logging is well under it).
    public static let maximumRecords = 5_000

    public var range: ProgressRange
    /// The days shown, today last.
    public var window: ClosedRange<CalendarDay>
    public var weight: WeightTrend
    public var training: TrainingWeeks
    public var strength: StrengthProgress
    public var nutrition: NutritionDays
    public var wellbeing: WellbeingDays

    /// What to read for `user`'s report over `range` at `now`.
    public static func reads(range: ProgressRange, now: Date, user: User) -> Reads {
        let zone = user.zone
        let window = range.window(now: now, zone: zone)
        return Reads(
            window: window, workoutsFrom: TrainingWeeks.firstMoment(window: window, zone: zone, weekStart: user.weekStart),
            mealsFrom: window.lowerBound.start(in: zone), recordsTo: window.upperBound.adding(days: 1).start(in: zone),
            logsFromDay: window.lowerBound.adding(days: -(WeightTrend.averageDays - 1)).description,
            logsToDay: window.upperBound.description)
    }

    /// The report of `user`'s records over `range` at `now`.
    /// - Parameter weeklyTarget: sessions a week the person planned (their onboarding time slots), when known.
    public init(
        range: ProgressRange, now: Date, user: User, weeklyTarget: Int?, workouts: [Workout], meals: [FoodEntry], logs: [DailyLog]
    ) {
        let zone = user.zone
        let window = range.window(now: now, zone: zone)
        self.range = range
        self.window = window
        weight = WeightTrend(logs: logs, window: window, goalKilograms: user.goalWeightKg)
        training = TrainingWeeks(workouts: workouts, window: window, zone: zone, weekStart: user.weekStart, weeklyTarget: weeklyTarget)
        strength = StrengthProgress(workouts: workouts, window: window, zone: zone)
        nutrition = NutritionDays(
            meals: meals, window: window, zone: zone, calorieTarget: user.dailyCalorieTarget,
            proteinTargetGrams: user.dailyProteinTargetGrams)
        wellbeing = WellbeingDays(logs: logs, window: window)
    }
}

extension User {
    /// The person's time zone (UTC when the stored identifier is unknown).
    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? .gmt }
}
