import Foundation

/// Why a model call was made: the ledger's and the Subscription page's "by purpose" breakdown.
public enum UsagePurpose: String, Codable, Sendable, CaseIterable {
    /// A reply in the coach chat.
    case chat
    /// The goal analysis at the end of onboarding.
    case goalAnalysis = "goal_analysis"
    /// A preview of a persona while onboarding or refining it.
    case personaPreview = "persona_preview"
    /// The coach's wording of a training plan suggestion.
    case planReason = "plan_reason"
    /// A request through the OpenAI-compatible endpoint.
    case openAI = "openai"
    /// The wording of a notification.
    case notification

    /// The name shown on the Subscription page and in `airfit usage`.
    public var label: String {
        switch self {
        case .chat: return "Chat"
        case .goalAnalysis: return "Goal analysis"
        case .personaPreview: return "Persona preview"
        case .planReason: return "Plan suggestions"
        case .openAI: return "API (OpenAI-compatible)"
        case .notification: return "Notifications"
        }
    }
}

/// How a model call ended.
public enum UsageOutcome: String, Codable, Sendable {
    /// The provider answered in full.
    case completed
    /// The provider failed (before or after its first byte).
    case failed
    /// The client went away before the answer was complete.
    case cancelled
    /// The stream ended early, after its first byte.
    case interrupted
    /// Refused before it started because the budget was used up (its tokens are 0).
    case refused
}
