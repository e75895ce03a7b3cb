public import Foundation

/// What a logged workout or meal may hold, as the person's forms and the coach's tools take it in: one rule for
/// both, each problem a sentence naming the field in words a person (or the model) can act on.
///
/// Check-ins keep their rule on ``DailyLog/validationProblems``.
public enum EntryRule {
    /// A workout's minutes.
    public static let durationMinutes: ClosedRange<Double> = 1...1440
    /// Kilocalories burned in a workout, or eaten in one food.
    public static let calories: ClosedRange<Double> = 0...10_000
    /// Repetitions in one set.
    public static let reps: ClosedRange<Int> = 0...1000
    /// Load of one set, in kilograms.
    public static let setKilograms: ClosedRange<Double> = 0...2000
    /// A timed set's seconds.
    public static let setSeconds: ClosedRange<Double> = 0...86_400
    /// A set's metres.
    public static let setMeters: ClosedRange<Double> = 0...1_000_000
    /// Grams of protein, carbohydrates or fat in one food.
    public static let macroGrams: ClosedRange<Double> = 0...2000
    /// How far ahead of now an entry may be dated (a clock a little off, a meal about to be eaten).
    public static let futureAllowance: TimeInterval = 3600
    /// The longest workout type, exercise or food name.
    public static let maximumName = ArchiveLimits.maximumShortText
    /// The longest notes.
    public static let maximumNotes = ArchiveLimits.maximumNotes

    /// Problems with `workout` when it is logged or edited at `now` (empty when it may be stored).
    public static func problems(_ workout: Workout, now: Date) -> [String] {
        var problems: [String] = []
        let type = workout.type.trimmingCharacters(in: .whitespacesAndNewlines)
        if type.isEmpty { problems.append("Name the kind of workout (run, strength, yoga…).") }
        problems += text("The workout type", workout.type, limit: maximumName)
        problems += range("Duration", workout.durationMinutes, durationMinutes, unit: "minutes")
        if let value = workout.caloriesBurned { problems += range("Calories burned", value, calories, unit: "kcal") }
        if workout.startedAt > now.addingTimeInterval(futureAllowance) {
            problems.append("The start is in the future; only a workout that happened can be logged.")
        }
        problems += text("The notes", workout.notes ?? "", limit: maximumNotes)
        for (index, exercise) in workout.exercises.enumerated() {
            let label = "Exercise \(index + 1)"
            if exercise.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problems.append("\(label) needs a name.") }
            problems += text("\(label)'s name", exercise.name, limit: maximumName)
            for (number, set) in exercise.sets.enumerated() {
                let at = "\(label), set \(number + 1):"
                if let value = set.reps, !reps.contains(value) {
                    problems.append("\(at) repetitions must be between \(reps.lowerBound) and \(reps.upperBound) (got \(value)).")
                }
                if let value = set.weightKg { problems += range("\(at) the load", value, setKilograms, unit: "kg") }
                if let value = set.durationSeconds { problems += range("\(at) the time", value, setSeconds, unit: "seconds") }
                if let value = set.distanceMeters { problems += range("\(at) the distance", value, setMeters, unit: "metres") }
            }
        }
        return problems
    }

    /// Problems with `meal` when it is logged or edited at `now` (empty when it may be stored).
    public static func problems(_ meal: FoodEntry, now: Date) -> [String] {
        var problems: [String] = []
        if meal.items.isEmpty { problems.append("List at least one food.") }
        if meal.loggedAt > now.addingTimeInterval(futureAllowance) {
            problems.append("The time is in the future; log a meal once it is eaten.")
        }
        problems += text("The notes", meal.notes ?? "", limit: maximumNotes)
        for (index, item) in meal.items.enumerated() {
            let label = "Food \(index + 1)"
            if item.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problems.append("\(label) needs a name.") }
            problems += text("\(label)'s name", item.name, limit: maximumName)
            problems += text("\(label)'s amount", item.quantity ?? "", limit: maximumName)
            problems += range("\(label): calories", item.calories, calories, unit: "kcal")
            for (name, value) in [("protein", item.proteinGrams), ("carbohydrates", item.carbsGrams), ("fat", item.fatGrams)] {
                if let value { problems += range("\(label): \(name)", value, macroGrams, unit: "g") }
            }
        }
        return problems
    }

    private static func range(_ label: String, _ value: Double, _ bounds: ClosedRange<Double>, unit: String) -> [String] {
        guard FiniteNumber.checked(value, in: bounds) == nil else { return [] }
        let got = value.isFinite ? " (got \(number(value)))" : ""
        return ["\(label) must be between \(number(bounds.lowerBound)) and \(number(bounds.upperBound)) \(unit)\(got)."]
    }

    private static func text(_ label: String, _ text: String, limit: Int) -> [String] {
        var problems: [String] = []
        if text.count > limit { problems.append("\(label) is longer than \(limit) characters.") }
        if TextInput.hasControlCharacters(text) { problems.append("\(label) contains control characters.") }
        return problems
    }

    /// "60", "62.5" — whole numbers without a fraction.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(FiniteNumber.displayInt(value)) : String(value)
    }
}
