import AirFitCore
import Foundation

/// Half-finished onboarding drafts per user, kept in an `OnboardingDraftRepository` so they survive a restart.
struct OnboardingDrafts: Sendable {
    let repository: any OnboardingDraftRepository

    /// The user's draft, or a new one on the opening screen; a stored draft is repaired (see ``OnboardingDraft/repair()``).
    func draft(for userID: UUID) async throws -> OnboardingDraft { try await loaded(for: userID).draft }

    /// The user's draft with what repairing it changed (saved repaired, so the notes appear once).
    func loaded(for userID: UUID) async throws -> (draft: OnboardingDraft, notes: [String]) {
        guard var draft = try await repository.draft(userID: userID) else { return (OnboardingDraft(), []) }
        let notes = draft.repair()
        if !notes.isEmpty { try await repository.saveDraft(draft, userID: userID) }
        return (draft, notes)
    }

    /// Whether the user has a saved draft.
    func exists(for userID: UUID) async throws -> Bool { try await repository.draft(userID: userID) != nil }

    /// Stores the user's draft.
    func save(_ draft: OnboardingDraft, for userID: UUID) async throws { try await repository.saveDraft(draft, userID: userID) }

    /// Forgets the user's draft (after onboarding is saved or data deleted).
    func remove(for userID: UUID) async throws { try await repository.deleteDraft(userID: userID) }
}
