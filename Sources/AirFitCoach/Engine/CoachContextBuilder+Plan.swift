import AirFitCore
import Foundation

extension CoachContextBuilder {
    /// Pending suggestions listed in the context, newest first.
    static let pendingSuggestions = 5

    /// Today's planned sessions and the suggestions waiting for the person, so the coach can talk about them; nothing
    /// when the person has no plan or it can't be read. Times and schedule suggestions only when the person shares their
    /// schedule; reasons as ``PlanSuggestionWording`` allows.
    func planLines(_ user: User, now: Date, policy: CoachContextPolicy) async -> [String] {
        guard let plan = try? await repository.trainingPlan(userID: user.id) else { return [] }
        let showsSchedule = policy.shares(.scheduleAndSleep)
        let today = PlanMatching.sessions(on: now, in: plan, calendar: PlanCalendar(user: user))
        let lines = [
            today.isEmpty
                ? "Planned today: no session (a rest day in their training plan)."
                : "Planned today: "
                    + today.map { showsSchedule ? "\($0.focus.displayName) at \($0.slot.startTime)" : $0.focus.displayName }
                    .joined(separator: "; ") + "."
        ]
        let recommendations = (try? await repository.recommendations(userID: user.id)) ?? []
        let pending = recommendations.map { RecommendationFlow.handle(.refresh, $0, now: now).recommendation }
            .filter { $0.status == .pendingReview }.sorted { $0.createdAt > $1.createdAt }
            .compactMap { recommendation in
                PlanSuggestionWording.reason(recommendation, policy: policy).map {
                    "Pending plan suggestion (\(recommendation.change.kind.rawValue)): \($0)"
                }
            }
        return lines + pending.prefix(Self.pendingSuggestions)
    }
}
