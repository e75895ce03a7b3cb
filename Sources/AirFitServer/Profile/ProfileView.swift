import AirFitCore
import Foundation

/// Settings → Profile: one row per field with its value in the person's units, and the number of workouts logged.
struct ProfileView: PageView {
    static let template = "profile"
    let nickname: String
    /// The sign-in email (nil: none to show).
    let email: String?
    let height: String
    let weight: String
    let fitnessLevel: String
    /// "Imperial" or "Metric".
    let units: String
    /// "12 workouts logged".
    let workoutCount: String
    var notices: [String] = []

    init(user: User, email: String?, workoutCount: Int) {
        let units = user.preferredUnits
        nickname = user.nickname ?? "Not set"
        self.email = email.flatMap { $0.isEmpty ? nil : $0 }
        height = user.heightCm.map { units.formatHeight(centimeters: $0) } ?? "Not set"
        weight = user.weightKg.map { units.formatWeight(kilograms: $0, fractionDigits: 1) } ?? "Not set"
        fitnessLevel = user.fitnessLevel?.displayName ?? "Not set"
        self.units = units.displayName
        self.workoutCount = Self.count(workoutCount)
    }

    /// "No workouts logged yet" / "1 workout logged" / "1,234 workouts logged".
    static func count(_ count: Int) -> String {
        switch count {
        case 0: return "No workouts logged yet"
        case 1: return "1 workout logged"
        default:
            // Thousands grouped with commas, as the rest of the app writes numbers in English.
            var digits = String(count)
            var grouped = ""
            while digits.count > 3 {
                grouped = "," + digits.suffix(3) + grouped
                digits.removeLast(3)
            }
            return "\(digits)\(grouped) workouts logged"
        }
    }
}

/// One profile field's small form: only the part for `field` is set.
struct ProfileFieldView: PageView {
    static let template = "profileField"

    /// A text input as shown: its value and whether it was refused.
    struct Input: Sendable {
        var value: String
        var invalid = false
    }

    /// Height in feet and inches.
    struct FeetAndInches: Sendable {
        let feet: Input
        let inches: Input
    }

    /// The weight input and its unit ("lbs" or "kg").
    struct Weight: Sendable {
        let input: Input
        let unit: String
    }

    /// The fitness level choices.
    struct Levels: Sendable {
        let choices: [Choice]
        let invalid: Bool
    }

    let action: String
    /// The units the numbers are shown in, posted back with the form.
    let units: String
    var nickname: Input?
    var centimeters: Input?
    var feetAndInches: FeetAndInches?
    var weight: Weight?
    var fitnessLevel: Levels?

    /// The form for `field` with `user`'s stored value.
    init(_ field: ProfileField, user: User) {
        let units = user.preferredUnits
        let height = HeightFields(centimeters: user.heightCm, units: units)
        let form = ProfileForm(
            nickname: user.nickname, feet: height.feet, inches: height.inches, centimeters: height.centimeters,
            weight: user.weightKg.map { ProfileRule.weightText(kilograms: $0, units: units) },
            fitnessLevel: user.fitnessLevel?.rawValue, units: units.rawValue)
        self.init(field, typed: form, user: user, invalid: [])
    }

    /// The form for `field` with what was typed, the fields named in `invalid` marked.
    init(_ field: ProfileField, typed form: ProfileForm, user: User, invalid: Set<String>) {
        let units = form.units.flatMap(MeasurementSystem.init(rawValue:)) ?? user.preferredUnits
        action = field.path
        self.units = units.rawValue
        func input(_ value: String?, _ name: String) -> Input { Input(value: value ?? "", invalid: invalid.contains(name)) }
        switch field {
        case .nickname:
            nickname = input(form.nickname, "nickname")
        case .height:
            switch units {
            case .imperial: feetAndInches = FeetAndInches(feet: input(form.feet, "feet"), inches: input(form.inches, "inches"))
            case .metric: centimeters = input(form.centimeters, "centimeters")
            }
        case .weight:
            weight = Weight(input: input(form.weight, "weight"), unit: units.weightUnit)
        case .fitnessLevel:
            fitnessLevel = Levels(
                choices: FitnessLevel.allCases.map { level in
                    Choice(value: level.rawValue, name: level.displayName, checked: level.rawValue == form.fitnessLevel)
                },
                invalid: invalid.contains("fitnessLevel"))
        }
    }
}
