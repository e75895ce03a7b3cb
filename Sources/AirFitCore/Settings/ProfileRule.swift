import Foundation

/// What the profile's fields may be: a nickname of up to 200 characters, a height of 30–300 cm and a weight of
/// 10–700 kg (each typed in the person's units: feet and inches and pounds when imperial), and a fitness level.
/// An import is held to the same ranges (``ArchiveLimits``).
///
/// A number shown in the person's units and sent back unchanged keeps the stored metric value, so saving a form
/// without touching it (or switching units back and forth) never drifts: 178 cm reads 5'10" and stays 178 cm.
public enum ProfileRule {
    /// Heights allowed, in centimeters.
    public static let heightCentimeters: ClosedRange<Double> = 30...300
    /// Weights allowed, in kilograms.
    public static let weightKilograms: ClosedRange<Double> = 10...700
    /// The longest nickname.
    public static let maximumNicknameLength = 200

    /// The nickname as typed, trimmed; nil when blank (the coach then uses the name, or "there").
    public static func nickname(_ text: String?) throws(SettingsProblems) -> String? {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count > maximumNicknameLength {
            throw SettingsProblems(all: [
                ValidationIssue(
                    field: "nickname", message: "Keep your nickname to \(maximumNicknameLength) characters (it is \(trimmed.count)).")
            ])
        }
        if TextInput.hasControlCharacters(trimmed) || trimmed.contains("\n") || trimmed.contains("\t") {
            throw SettingsProblems(all: [
                ValidationIssue(field: "nickname", message: "Use letters, numbers and punctuation in your nickname, on one line.")
            ])
        }
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The height a person typed in centimeters, checked; blank clears it. `current` is kept when the text is what
    /// the form showed for it.
    public static func height(centimeters text: String?, current: Double?) throws(SettingsProblems) -> Double? {
        guard let text = filled(text) else { return nil }
        if let current, text == HeightFields(centimeters: current, units: .metric).centimeters { return current }
        guard let value = FiniteNumber.parse(text, in: heightCentimeters) else {
            throw SettingsProblems(all: [ValidationIssue(field: "centimeters", message: heightProblem(.metric))])
        }
        return value
    }

    /// The height a person typed in feet and inches, checked; both blank clears it. `current` is kept when the two
    /// are what the form showed for it.
    public static func height(feet: String?, inches: String?, current: Double?) throws(SettingsProblems) -> Double? {
        let feetText = filled(feet)
        let inchesText = filled(inches)
        if feetText == nil, inchesText == nil { return nil }
        if let current {
            let shown = HeightFields(centimeters: current, units: .imperial)
            if feetText == shown.feet, (inchesText ?? "0") == shown.inches { return current }
        }
        var problems: [ValidationIssue] = []
        let wholeFeet = FiniteNumber.parse(feetText ?? "0", in: 0...9).flatMap { $0 == $0.rounded() ? $0 : nil }
        if wholeFeet == nil { problems.append(ValidationIssue(field: "feet", message: "Feet must be a whole number from 0 to 9.")) }
        let extraInches = FiniteNumber.parse(inchesText ?? "0", in: 0...11.99)
        if extraInches == nil { problems.append(ValidationIssue(field: "inches", message: "Inches must be a number from 0 to 11.")) }
        if let wholeFeet, let extraInches {
            let centimeters = MeasurementSystem.centimeters(feet: wholeFeet, inches: extraInches)
            if FiniteNumber.checked(centimeters, in: heightCentimeters) == nil {
                problems.append(ValidationIssue(field: "feet", message: heightProblem(.imperial)))
            } else {
                return centimeters
            }
        }
        throw SettingsProblems(all: problems)
    }

    /// The weight a person typed in their unit, converted to kilograms and checked; blank clears it. `current` is
    /// kept when the text is what the form showed for it.
    public static func weight(_ text: String?, units: MeasurementSystem, current: Double?) throws(SettingsProblems) -> Double? {
        guard let text = filled(text) else { return nil }
        if let current, text == weightText(kilograms: current, units: units) { return current }
        // Read in the person's unit, checked in kilograms (so 1544 lbs is refused the same as 701 kg).
        guard let value = FiniteNumber.parse(text, in: -.greatestFiniteMagnitude...(.greatestFiniteMagnitude)),
            let kilograms = FiniteNumber.checked(units.kilograms(fromEntered: value), in: weightKilograms)
        else { throw SettingsProblems(all: [ValidationIssue(field: "weight", message: weightProblem(units))]) }
        return kilograms
    }

    /// The fitness level chosen; blank clears it.
    public static func fitnessLevel(_ text: String?) throws(SettingsProblems) -> FitnessLevel? {
        guard let text = filled(text) else { return nil }
        guard let level = FitnessLevel(rawValue: text) else {
            let names = FitnessLevel.allCases.map(\.displayName).joined(separator: ", ")
            throw SettingsProblems(all: [ValidationIssue(field: "fitnessLevel", message: "Choose one of the fitness levels: \(names).")])
        }
        return level
    }

    /// A stored weight as its form field shows it: pounds or kilograms with at most one decimal ("154.3").
    public static func weightText(kilograms: Double, units: MeasurementSystem) -> String {
        let value = units == .imperial ? MeasurementSystem.pounds(fromKilograms: kilograms) : kilograms
        return MeasurementSystem.number(value, 1)
    }

    /// "Height must be from 1'0" to 9'10"." / "Height must be a number of centimeters from 30 to 300."
    static func heightProblem(_ units: MeasurementSystem) -> String {
        switch units {
        case .metric:
            return "Height must be a number of centimeters from \(FiniteNumber.displayInt(heightCentimeters.lowerBound)) "
                + "to \(FiniteNumber.displayInt(heightCentimeters.upperBound))."
        case .imperial:
            // Rounded inward, so every height the message offers is accepted.
            let low = FiniteNumber.displayInt((heightCentimeters.lowerBound / MeasurementSystem.centimetersPerInch).rounded(.up))
            let high = FiniteNumber.displayInt((heightCentimeters.upperBound / MeasurementSystem.centimetersPerInch).rounded(.down))
            return "Height must be from \(low / 12)'\(low % 12)\" to \(high / 12)'\(high % 12)\"."
        }
    }

    /// "Weight must be a number from 23 to 1543 lbs."
    static func weightProblem(_ units: MeasurementSystem) -> String {
        let low: Double
        let high: Double
        switch units {
        case .metric: (low, high) = (weightKilograms.lowerBound, weightKilograms.upperBound)
        case .imperial:
            low = MeasurementSystem.pounds(fromKilograms: weightKilograms.lowerBound).rounded(.up)
            high = MeasurementSystem.pounds(fromKilograms: weightKilograms.upperBound).rounded(.down)
        }
        return "Weight must be a number from \(FiniteNumber.displayInt(low)) to \(FiniteNumber.displayInt(high)) \(units.weightUnit)."
    }

    /// The trimmed text, or nil when blank.
    private static func filled(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}

/// A stored height as the height form shows it: feet and inches when imperial, centimeters when metric.
public struct HeightFields: Sendable, Equatable {
    /// Whole feet ("5"); empty when metric.
    public var feet: String
    /// Remaining whole inches ("10"); empty when metric.
    public var inches: String
    /// Centimeters with at most one decimal ("177.8"); empty when imperial.
    public var centimeters: String

    /// The fields for `centimeters` (nil: all empty) in `units`.
    public init(centimeters: Double?, units: MeasurementSystem) {
        (feet, inches, self.centimeters) = ("", "", "")
        guard let centimeters else { return }
        switch units {
        case .imperial:
            let (wholeFeet, wholeInches) = MeasurementSystem.feetAndInches(fromCentimeters: centimeters)
            (feet, inches) = (String(wholeFeet), String(wholeInches))
        case .metric:
            self.centimeters = MeasurementSystem.number(centimeters, 1)
        }
    }
}

/// Every problem found in one settings form, each naming its field, in the form's order.
public struct SettingsProblems: Error, Equatable, Sendable {
    public var all: [ValidationIssue]

    /// The problems found.
    public init(all: [ValidationIssue]) { self.all = all }

    /// The fields at fault.
    public var fields: Set<String> { Set(all.map(\.field)) }
}
