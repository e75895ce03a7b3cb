public import Foundation

/// The nutrition chart's data: calories and protein per day with meals logged (days in the person's time zone),
/// against the daily targets.
public struct NutritionDays: Sendable, Equatable {
    /// One day's totals.
    public struct Day: Sendable, Equatable {
        public var day: CalendarDay
        public var calories: Double
        public var proteinGrams: Double

        /// Creates a day.
        public init(day: CalendarDay, calories: Double, proteinGrams: Double) {
            self.day = day
            self.calories = calories
            self.proteinGrams = proteinGrams
        }
    }

    /// Days with at least one meal, oldest first (a day without meals is unknown, not zero).
    public var days: [Day]
    public var calorieTarget: Int?
    public var proteinTargetGrams: Int?

    /// The days of `window` on which `meals` were logged, in `zone`.
    public init(meals: [FoodEntry], window: ClosedRange<CalendarDay>, zone: TimeZone, calorieTarget: Int?, proteinTargetGrams: Int?) {
        var totals: [CalendarDay: Day] = [:]
        for meal in meals {
            let day = CalendarDay(meal.loggedAt, in: zone)
            guard window.contains(day) else { continue }
            let calories = meal.totalCalories.isFinite ? meal.totalCalories : 0
            let protein = meal.totalProteinGrams.isFinite ? meal.totalProteinGrams : 0
            totals[day, default: Day(day: day, calories: 0, proteinGrams: 0)].calories += calories
            totals[day, default: Day(day: day, calories: 0, proteinGrams: 0)].proteinGrams += protein
        }
        days = totals.values.sorted { $0.day < $1.day }
        self.calorieTarget = calorieTarget
        self.proteinTargetGrams = proteinTargetGrams
    }

    /// The key takeaway in one sentence; nil when no meal was logged.
    public var takeaway: String? {
        guard !days.isEmpty else { return nil }
        let count = Double(days.count)
        let calories = FiniteNumber.displayInt(days.reduce(0) { $0 + $1.calories } / count)
        let protein = FiniteNumber.displayInt(days.reduce(0) { $0 + $1.proteinGrams } / count)
        var sentence =
            "On the \(days.count) \(days.count == 1 ? "day" : "days") with meals logged you averaged "
            + "\(calories) kcal and \(protein) g of protein"
        let targets = [calorieTarget.map { "\($0) kcal" }, proteinTargetGrams.map { "\($0) g of protein" }].compactMap { $0 }
        if !targets.isEmpty {
            sentence += " (your \(targets.count == 1 ? "target is" : "targets are") \(targets.joined(separator: " and ")))"
        }
        return sentence + "."
    }
}
