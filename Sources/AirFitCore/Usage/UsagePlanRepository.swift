public import Foundation

/// The installation's plans and which member is on which.
public protocol UsagePlanRepository: Sendable {
    /// Every plan, by name.
    func usagePlans() async throws -> [UsagePlan]
    /// Inserts the plan, or updates the one with its id (its creation date stays).
    /// - Throws: `RepositoryError.invalid` for a name or budget ``UsagePlan/validated(name:budget:)`` would refuse.
    func saveUsagePlan(_ plan: UsagePlan) async throws
    /// Deletes the plan; its members become unassigned (unlimited).
    func deleteUsagePlan(id: UUID) async throws
    /// Puts the member on the plan, or takes them off any plan with nil.
    /// - Throws: `RepositoryError.notFound` when there is no plan with that id.
    func assignUsagePlan(_ planID: UUID?, userID: UUID) async throws
    /// The member's plan, or nil (unlimited).
    func usagePlan(userID: UUID) async throws -> UsagePlan?
    /// Member id → plan id, for every member on a plan.
    func usagePlanAssignments() async throws -> [UUID: UUID]
}

extension UsagePlan {
    /// Why the plan can't be stored, or nil when it can: what ``UsagePlanRepository/saveUsagePlan(_:)`` checks.
    public var storageProblem: String? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed == name, name.count <= Self.maximumNameLength else {
            return "A plan's name must be 1 to 60 characters without surrounding spaces."
        }
        if let budget = monthlyTokenBudget, !Self.budgetRange.contains(budget) {
            return "A plan's monthly budget must be from 1,000 to 1,000,000,000,000 tokens."
        }
        guard createdAt.timeIntervalSince1970.isFinite else { return "A plan's creation date is not a valid time." }
        return nil
    }
}
