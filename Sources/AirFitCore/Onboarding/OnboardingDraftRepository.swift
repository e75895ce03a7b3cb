public import Foundation

/// Keeps each user's half-finished onboarding so it survives a restart.
///
/// One draft per user: saving replaces the previous one. "Delete all data" removes it.
public protocol OnboardingDraftRepository: Sendable {
    /// The user's saved draft, if any.
    func draft(userID: UUID) async throws -> OnboardingDraft?
    /// Inserts or replaces the user's draft.
    func saveDraft(_ draft: OnboardingDraft, userID: UUID) async throws
    /// Deletes the user's draft; returns whether there was one.
    @discardableResult
    func deleteDraft(userID: UUID) async throws -> Bool
}

/// Drafts held in memory, for tests and a server without a database.
public actor InMemoryOnboardingDraftRepository: OnboardingDraftRepository {
    private var drafts: [UUID: OnboardingDraft] = [:]

    /// Creates an empty repository.
    public init() {}

    public func draft(userID: UUID) -> OnboardingDraft? { drafts[userID] }

    public func saveDraft(_ draft: OnboardingDraft, userID: UUID) { drafts[userID] = draft }

    public func deleteDraft(userID: UUID) -> Bool { drafts.removeValue(forKey: userID) != nil }
}
