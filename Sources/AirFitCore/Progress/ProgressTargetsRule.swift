import Foundation

/// The numeric targets the progress page draws against, set on that page.
public struct ProgressTargets: Sendable, Equatable {
    public var goalWeightKg: Double?
    public var dailyCalorieTarget: Int?
    public var dailyProteinTargetGrams: Int?

    /// Creates targets (nil: not set).
    public init(goalWeightKg: Double? = nil, dailyCalorieTarget: Int? = nil, dailyProteinTargetGrams: Int? = nil) {
        self.goalWeightKg = goalWeightKg
        self.dailyCalorieTarget = dailyCalorieTarget
        self.dailyProteinTargetGrams = dailyProteinTargetGrams
    }
}

/// What targets may be: a goal weight of 20–400 kg (typed in the person's units), 800–8000 kcal a day and
/// 20–400 g of protein a day. An empty field clears its target.
public enum ProgressTargetsRule {
    /// Goal weights allowed, in kilograms.
    public static let goalWeightKilograms: ClosedRange<Double> = 20...400
    /// Daily calories allowed.
    public static let calories: ClosedRange<Double> = 800...8000
    /// Daily protein allowed, in grams.
    public static let proteinGrams: ClosedRange<Double> = 20...400

    /// Why a target cannot be saved.
    public struct Problem: Error, Equatable {
        /// The form field at fault: `goalWeight`, `calories` or `protein`.
        public var field: String
        public var message: String

        /// A problem with `field`.
        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    /// The targets typed into the form's fields (each nil or blank when cleared), every field checked.
    /// - Throws: the ``Problem``s of every field that is wrong, in the form's order.
    public static func targets(goalWeight: String?, calories: String?, protein: String?, units: MeasurementSystem) throws(Problems)
        -> ProgressTargets
    {
        var problems: [Problem] = []
        var targets = ProgressTargets()
        if let text = filled(goalWeight) {
            // Read in the person's unit, checked in kilograms (so 882 lbs is refused the same as 401 kg).
            if let value = FiniteNumber.parse(text, in: -.greatestFiniteMagnitude...(.greatestFiniteMagnitude)),
                let kilograms = FiniteNumber.checked(units.kilograms(fromEntered: value), in: goalWeightKilograms)
            {
                targets.goalWeightKg = kilograms
            } else {
                problems.append(Problem(field: "goalWeight", message: goalWeightProblem(units)))
            }
        }
        if let text = filled(calories) {
            if let value = FiniteNumber.parse(text, in: Self.calories) {
                targets.dailyCalorieTarget = FiniteNumber.displayInt(value)
            } else {
                problems.append(Problem(field: "calories", message: "Daily calories must be a number from 800 to 8000 (for example 2200)."))
            }
        }
        if let text = filled(protein) {
            if let value = FiniteNumber.parse(text, in: proteinGrams) {
                targets.dailyProteinTargetGrams = FiniteNumber.displayInt(value)
            } else {
                problems.append(
                    Problem(field: "protein", message: "Daily protein must be a number of grams from 20 to 400 (for example 120)."))
            }
        }
        guard problems.isEmpty else { throw Problems(all: problems) }
        return targets
    }

    /// Every problem found in one form.
    public struct Problems: Error, Equatable {
        public var all: [Problem]
    }

    /// "Goal weight must be a number from 44 to 882 lbs."
    static func goalWeightProblem(_ units: MeasurementSystem) -> String {
        let low: Double
        let high: Double
        switch units {
        case .metric: (low, high) = (goalWeightKilograms.lowerBound, goalWeightKilograms.upperBound)
        case .imperial:
            // Rounded inward, so every number the message offers is accepted.
            low = MeasurementSystem.pounds(fromKilograms: goalWeightKilograms.lowerBound).rounded(.up)
            high = MeasurementSystem.pounds(fromKilograms: goalWeightKilograms.upperBound).rounded(.down)
        }
        return "Goal weight must be a number from \(FiniteNumber.displayInt(low)) to \(FiniteNumber.displayInt(high)) \(units.weightUnit)."
    }

    /// The trimmed text, or nil when blank.
    private static func filled(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}
