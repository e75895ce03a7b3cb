import Foundation

/// How the coach acknowledges achievements.
public enum AchievementStyle: String, Codable, CaseIterable, Sendable {
    case enthusiasticCelebration = "enthusiastic"
    case subtleAffirming = "subtle"
    case dataFocused = "data_focused"
    case privateReflection = "private"

    /// The label a person reads.
    public var displayName: String {
        switch self {
        case .enthusiasticCelebration: return "Enthusiastic Celebration"
        case .subtleAffirming: return "Subtle & Affirming"
        case .dataFocused: return "Data-Focused"
        case .privateReflection: return "Private Reflection"
        }
    }
}

/// How the coach responds when the person goes quiet.
public enum InactivityResponseStyle: String, Codable, CaseIterable, Sendable {
    case motivationalPush = "motivational"
    case gentleNudge = "gentle"
    case factualReminder = "factual"
    case waitForMe = "wait"

    /// The label a person reads.
    public var displayName: String {
        switch self {
        case .motivationalPush: return "Motivational Push"
        case .gentleNudge: return "Gentle Nudge"
        case .factualReminder: return "Factual Reminder"
        case .waitForMe: return "Wait for Me"
        }
    }
}

/// Achievement and inactivity styles together.
public struct MotivationStyle: Codable, Sendable, Equatable {
    public var achievementStyle: AchievementStyle
    public var inactivityStyle: InactivityResponseStyle

    /// Creates a motivation style.
    public init(achievementStyle: AchievementStyle, inactivityStyle: InactivityResponseStyle) {
        self.achievementStyle = achievementStyle
        self.inactivityStyle = inactivityStyle
    }
}
