import AirFitCore
import Foundation

/// Half-finished onboarding drafts per user, kept while the server runs.
actor OnboardingDrafts {
    private var drafts: [UUID: OnboardingDraft] = [:]

    /// The user's draft, or a new one on the opening screen.
    func draft(for userID: UUID) -> OnboardingDraft { drafts[userID] ?? OnboardingDraft() }

    /// Stores the user's draft.
    func save(_ draft: OnboardingDraft, for userID: UUID) { drafts[userID] = draft }

    /// Forgets the user's draft (after onboarding is saved or data deleted).
    func remove(for userID: UUID) { drafts[userID] = nil }
}
