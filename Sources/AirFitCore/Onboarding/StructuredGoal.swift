import Foundation

/// The core aspiration in structured form: from an aspiration card, from the LLM, or derived locally.
public struct StructuredGoal: Codable, Sendable, Equatable {
    public var goalType: String
    public var primaryMetric: String
    public var timeframe: String?
    public var specificTarget: String?
    public var whyImportant: String?
    /// Where the structure came from; `nil` in payloads that predate the field.
    public var source: Source?

    /// How a goal was obtained.
    public enum Source: String, Codable, Sendable {
        case card, llm, local
    }

    /// Creates a structured goal.
    public init(
        goalType: String, primaryMetric: String, timeframe: String? = nil,
        specificTarget: String? = nil, whyImportant: String? = nil, source: Source? = nil
    ) {
        self.goalType = goalType
        self.primaryMetric = primaryMetric
        self.timeframe = timeframe
        self.specificTarget = specificTarget
        self.whyImportant = whyImportant
        self.source = source
    }
}

/// The aspiration cards of the Core Aspiration screen.
public enum AspirationCard: String, CaseIterable, Codable, Sendable {
    case loseWeight = "lose_weight"
    case strengthTone = "strength_tone"
    case endurance
    case performance
    case lastingHealth = "lasting_health"
    case recoverRebuild = "recover_rebuild"
    case custom

    /// The card's label.
    public var displayName: String {
        switch self {
        case .loseWeight: return "Lose Weight"
        case .strengthTone: return "Enhance Strength & Tone"
        case .endurance: return "Improve Endurance"
        case .performance: return "Optimize Performance"
        case .lastingHealth: return "Cultivate Lasting Health"
        case .recoverRebuild: return "Recover & Rebuild"
        case .custom: return "Describe your own"
        }
    }

    /// The structured goal a card stands for (`nil` for `custom`, which needs analysis).
    public var structuredGoal: StructuredGoal? {
        switch self {
        case .loseWeight:
            return StructuredGoal(goalType: "weight_loss", primaryMetric: "body_weight", source: .card)
        case .strengthTone:
            return StructuredGoal(goalType: "strength", primaryMetric: "strength_and_muscle_tone", source: .card)
        case .endurance:
            return StructuredGoal(goalType: "endurance", primaryMetric: "cardiovascular_endurance", source: .card)
        case .performance:
            return StructuredGoal(goalType: "performance", primaryMetric: "athletic_performance", source: .card)
        case .lastingHealth:
            return StructuredGoal(goalType: "general_health", primaryMetric: "healthy_habits", source: .card)
        case .recoverRebuild:
            return StructuredGoal(goalType: "recovery", primaryMetric: "mobility_and_pain_free_movement", source: .card)
        case .custom:
            return nil
        }
    }
}
