import AirFitCoach
import AirFitCore
import Foundation

/// What the onboarding flow's actions do on the server, for the pages and the API alike: the draft saved in the
/// database, the goal analysed by the member's provider (bounded by a timeout, else locally), the persona saved.
struct OnboardingSteps: Sendable {
    let drafts: OnboardingDrafts
    let vault: any SecretVault
    /// Goal analysis and saving, shared with the CLI.
    let completion: OnboardingCompletion

    /// The flow's effects for `user`.
    func effects(for user: User) -> OnboardingEffects {
        let drafts = self.drafts
        let completion = self.completion
        let vault = self.vault
        return OnboardingEffects(
            persist: { draft in try await drafts.save(draft, for: user.id) },
            goal: { draft, analyzeGoal in
                let selection = await CoachModelSelection.resolveIfAvailable(user: user, vault: vault)
                return await completion.goal(for: draft, analyzeGoal: analyzeGoal, selection: selection).goal
            },
            complete: { draft in
                try await completion.complete(draft, user: user)
                try await drafts.remove(for: user.id)
            })
    }
}
