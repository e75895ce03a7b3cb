public import Foundation

/// Reads and writes a person's training plan and the coach's recommendations for it.
///
/// The plan is written with a version check: ``savePlan(_:expectedVersion:recommendations:)`` saves nothing when the
/// stored plan moved on since it was read, so two changes never overwrite each other.
public protocol TrainingPlanRepository: Sendable {
    /// The person's plan, if they have one.
    func trainingPlan(userID: UUID) async throws -> TrainingPlan?
    /// Saves `plan` and `recommendations` (added or updated) together when the stored plan's version is still
    /// `expectedVersion` (`nil`: the person has no plan yet). Returns `false`, saving nothing, when it is not.
    func savePlan(_ plan: TrainingPlan, expectedVersion: Int?, recommendations: [Recommendation]) async throws -> Bool
    /// Adds or updates recommendations without touching the plan.
    func saveRecommendations(_ recommendations: [Recommendation]) async throws
    /// The person's recommendations, newest first.
    func recommendations(userID: UUID) async throws -> [Recommendation]
    /// One of the person's recommendations.
    func recommendation(id: UUID, userID: UUID) async throws -> Recommendation?
    /// Marks the week starting on `weekDay` ("YYYY-MM-DD") as analysed for the person; `false` when it already was (so
    /// one weekly analysis runs per week even with several servers).
    func claimWeeklyAnalysis(userID: UUID, weekDay: String) async throws -> Bool
    /// The people who have a plan.
    func planOwners() async throws -> [UUID]
}
