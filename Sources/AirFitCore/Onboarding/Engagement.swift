import Foundation

/// How much the coach tracks and reaches out.
public enum EngagementPreset: String, Codable, CaseIterable, Sendable {
    case dataDrivenPartnership = "data_driven"
    case consistentBalanced = "consistent_balanced"
    case guidanceOnDemand = "guidance_on_demand"
    case custom = "custom"

    /// The preset's label.
    public var displayName: String {
        switch self {
        case .dataDrivenPartnership: return "Data-Driven Partnership"
        case .consistentBalanced: return "Consistent & Balanced"
        case .guidanceOnDemand: return "Guidance On-Demand"
        case .custom: return "Custom"
        }
    }

    /// One line explaining the preset.
    public var summary: String {
        switch self {
        case .dataDrivenPartnership: return "Detailed tracking, daily insights and automatic recovery adjustments."
        case .consistentBalanced: return "Regular check-ins and weekly insights without overwhelming detail."
        case .guidanceOnDemand: return "Minimal tracking; the coach answers when you ask."
        case .custom: return "Choose exactly which features you want."
        }
    }

    /// The feature toggles a preset implies (custom returns `nil`: the user's own settings apply).
    public var impliedSettings: CustomEngagementSettings? {
        switch self {
        case .dataDrivenPartnership: return CustomEngagementSettings(detailedTracking: true, dailyInsights: true, autoRecoveryAdjust: true)
        case .consistentBalanced: return CustomEngagementSettings(detailedTracking: false, dailyInsights: true, autoRecoveryAdjust: true)
        case .guidanceOnDemand: return CustomEngagementSettings(detailedTracking: false, dailyInsights: false, autoRecoveryAdjust: false)
        case .custom: return nil
        }
    }
}

/// The custom engagement toggles.
public struct CustomEngagementSettings: Codable, Sendable, Equatable {
    public var detailedTracking = false
    public var dailyInsights = false
    public var autoRecoveryAdjust = false

    /// Creates a settings value.
    public init(detailedTracking: Bool = false, dailyInsights: Bool = false, autoRecoveryAdjust: Bool = false) {
        self.detailedTracking = detailedTracking
        self.dailyInsights = dailyInsights
        self.autoRecoveryAdjust = autoRecoveryAdjust
    }
}
