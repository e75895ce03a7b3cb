public import AirFitCore
import Foundation

/// The two effects the onboarding state machine asks for — `.generate` and `.complete` — shared by the web app and the CLI.
public struct OnboardingCompletion: Sendable {
    let repository: any AirFitRepository
    let analyzer: GoalAnalyzer

    /// Creates the completion step.
    public init(repository: any AirFitRepository, analyzer: GoalAnalyzer) {
        self.repository = repository
        self.analyzer = analyzer
    }

    /// The structured goal for the draft: the card's, an earlier analysis, or a fresh analysis of the free text
    /// (by the model when `selection` is available, else locally).
    public func goal(for draft: OnboardingDraft, analyzeGoal: Bool, selection: CoachModelSelection?) async -> GoalAnalyzer.Result {
        if !analyzeGoal, let goal = draft.structuredGoal ?? draft.aspirationCard?.structuredGoal {
            return GoalAnalyzer.Result(goal: goal, attempts: 0, fallbackReason: nil)
        }
        let text = draft.aspirationText.trimmingCharacters(in: .whitespacesAndNewlines)
        return await analyzer.analyze(text.isEmpty ? draft.coreAspiration : text, selection: selection)
    }

    /// Saves the persona and the user (with the units chosen during onboarding) in one transaction, then makes or
    /// renews the training plan.
    @discardableResult
    public func complete(_ draft: OnboardingDraft, user: User) async throws -> OnboardingProfile {
        let persona = PersonaSynthesis.profile(from: draft)
        let existing = try await repository.onboardingProfile(userID: user.id)
        var profile = try OnboardingProfile(
            userID: user.id, persona: persona, communication: PersonaSynthesis.communicationPreferences(from: persona))
        if let existing {
            profile.id = existing.id
            profile.createdAt = existing.createdAt
        }
        var updated = user
        updated.preferredUnits = draft.preferredUnits
        // One concept, one name: the sleep window fills the quiet hours while the person has not set their own.
        if user.quietHours == QuietHours() {
            updated.quietHours = QuietHours(enabled: true, start: persona.sleepSchedule.bedtime, end: persona.sleepSchedule.wakeTime)
        }
        try await repository.saveOnboarding(profile, user: updated)
        // The weekly plan comes from the answers (the template library; no model needed). On refine, what the person
        // edited is kept.
        try await PlanCoordinator(repository: repository).makePlan(for: updated, profile: profile)
        return profile
    }
}
