import Foundation

/// Whether an achievement is announced, and the template wording in the member's ``AchievementStyle``.
///
/// The templates are the fallback when no AI provider is set up (or it fails); each is one short sentence.
/// `private` announces nothing: the member keeps wins to their own reflection.
public struct AchievementRule: Sendable, Equatable {
    /// The member's achievement style.
    public let style: AchievementStyle

    /// Creates the rule for a style.
    public init(style: AchievementStyle) { self.style = style }

    /// Whether achievement notifications are sent at all.
    public var sendsNotifications: Bool { style != .privateReflection }

    /// The notification text for `achievement`, or `nil` when the style is `private`.
    public func text(for achievement: Achievement) -> String? {
        switch (style, achievement.kind) {
        case (.privateReflection, _):
            return nil
        case (.enthusiasticCelebration, .personalBest(let exercise, let value, let unit)):
            return "New personal best: \(exercise) \(Self.number(value)) \(unit)! Brilliant work!"
        case (.subtleAffirming, .personalBest(let exercise, let value, let unit)):
            return "Nice work: a new best on \(exercise), \(Self.number(value)) \(unit)."
        case (.dataFocused, .personalBest(let exercise, let value, let unit)):
            return "Personal best: \(exercise) \(Self.number(value)) \(unit)."
        case (.enthusiasticCelebration, .streak(let days)):
            return "\(days) days in a row! You're on fire, keep it going!"
        case (.subtleAffirming, .streak(let days)):
            return "\(days) days in a row. Steady and strong."
        case (.dataFocused, .streak(let days)):
            return "Streak: \(days) consecutive days logged."
        case (.enthusiasticCelebration, .goalMilestone(let goal, let percent)):
            return percent == 100
                ? "You did it: \(goal) is done! Huge congratulations!" : "\(percent)% of the way to \(goal)! Amazing progress!"
        case (.subtleAffirming, .goalMilestone(let goal, let percent)):
            return percent == 100 ? "Goal reached: \(goal). Well done." : "\(percent)% of the way to \(goal). Good progress."
        case (.dataFocused, .goalMilestone(let goal, let percent)):
            return "Goal progress: \(goal) at \(percent)%."
        }
    }

    /// "100" for whole numbers, else one decimal ("102.5"), the same in every locale.
    private static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
        return String(format: "%.1f", tenths / 10)
    }
}
