import Foundation

/// Something worth celebrating: a personal best, a streak, or a goal milestone.
///
/// Made only through the checked factories, so a streak is at least two days and a milestone a percentage.
public struct Achievement: Sendable, Equatable {
    /// What was achieved.
    public enum Kind: Sendable, Equatable {
        /// A new best, such as 100 kg on the bench press.
        case personalBest(exercise: String, value: Double, unit: String)
        /// Activity logged on `days` consecutive days.
        case streak(days: Int)
        /// `percent` of the way to a goal.
        case goalMilestone(goal: String, percent: Int)
    }

    /// What was achieved.
    public let kind: Kind

    private init(kind: Kind) { self.kind = kind }

    /// A personal best; `nil` when the exercise or unit is blank or the value is not above 0 and below a million.
    public static func personalBest(exercise: String, value: Double, unit: String) -> Achievement? {
        let exercise = exercise.trimmingCharacters(in: .whitespacesAndNewlines)
        let unit = unit.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !exercise.isEmpty, !unit.isEmpty, value > 0, value < 1_000_000 else { return nil }
        return Achievement(kind: .personalBest(exercise: exercise, value: value, unit: unit))
    }

    /// A streak; `nil` below two days.
    public static func streak(days: Int) -> Achievement? {
        guard days >= 2 else { return nil }
        return Achievement(kind: .streak(days: days))
    }

    /// A goal milestone; `nil` when the goal is blank or `percent` is outside 1...100.
    public static func goalMilestone(goal: String, percent: Int) -> Achievement? {
        let goal = goal.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !goal.isEmpty, (1...100).contains(percent) else { return nil }
        return Achievement(kind: .goalMilestone(goal: goal, percent: percent))
    }
}
