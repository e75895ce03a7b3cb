public import Foundation

/// What the settings hub shows beside its rows, read together.
public struct SettingsHubFacts: Sendable, Equatable {
    /// Whether the coach's persona is saved.
    public var hasPersona: Bool
    /// Recommendations stored as waiting for review. Some may have expired since; when this is more than zero the
    /// exact count comes from ``PlanCoordinator/pendingCount(for:)``, which applies ``RecommendationFlow``'s expiry.
    public var storedAsPending: Int
    /// The name of the member's usage plan; nil when they have none (unlimited).
    public var planName: String?

    /// Creates the facts.
    public init(hasPersona: Bool, storedAsPending: Int, planName: String?) {
        self.hasPersona = hasPersona
        self.storedAsPending = storedAsPending
        self.planName = planName
    }
}

/// Reads ``SettingsHubFacts``: one statement in a database (the hub is a hot page), composed of the other reads in
/// memory.
public protocol SettingsHubReading: Sendable {
    /// The hub's facts for the member.
    func settingsHubFacts(userID: UUID) async throws -> SettingsHubFacts
}

extension SettingsHubReading where Self: OnboardingProfileRepository & TrainingPlanRepository & UsagePlanRepository {
    /// The facts from the stores' own reads.
    public func settingsHubFacts(userID: UUID) async throws -> SettingsHubFacts {
        SettingsHubFacts(
            hasPersona: try await hasOnboardingProfile(userID: userID),
            storedAsPending: try await recommendations(userID: userID).count { $0.status == .pendingReview },
            planName: try await usagePlan(userID: userID)?.name)
    }
}
