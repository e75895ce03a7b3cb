import AirFitCore
import Foundation

/// Half-finished onboarding drafts per user, kept in an `OnboardingDraftRepository` so they survive a restart.
struct OnboardingDrafts: Sendable {
    let repository: any OnboardingDraftRepository

    /// The user's draft, or a new one on the opening screen.
    func draft(for userID: UUID) async throws -> OnboardingDraft { try await repository.draft(userID: userID) ?? OnboardingDraft() }

    /// Whether the user has a saved draft.
    func exists(for userID: UUID) async throws -> Bool { try await repository.draft(userID: userID) != nil }

    /// Stores the user's draft.
    func save(_ draft: OnboardingDraft, for userID: UUID) async throws { try await repository.saveDraft(draft, userID: userID) }

    /// Forgets the user's draft (after onboarding is saved or data deleted).
    func remove(for userID: UUID) async throws { try await repository.deleteDraft(userID: userID) }
}
