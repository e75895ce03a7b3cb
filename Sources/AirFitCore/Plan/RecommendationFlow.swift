public import Foundation

/// A recommendation's life: `pending_review → applied(by coach | person) | rejected | expired`, `applied by coach →
/// acknowledged`, and undo within 7 days while the plan still holds the change. Pure: the clock and the plan come in.
public enum RecommendationFlow {
    /// The sentence the server answers a stale accept with (HTTP 409); the card then offers to recompute.
    public static let staleMessage = "Your plan changed since this was suggested"

    /// What happened.
    public enum Event: Sendable, Equatable {
        /// The person pressed Accept; `planVersion` is the plan's version now.
        case accept(planVersion: Int)
        /// The person pressed Decline.
        case decline
        /// Auto-pilot applies it at once; `planVersion` is the plan's version now.
        case applyByCoach(planVersion: Int)
        /// The person noted a change the coach applied.
        case acknowledge
        /// The person pressed Undo; `plan` is the plan now.
        case undo(plan: TrainingPlan)
        /// Time passed (a page load or a sweep): a pending suggestion past 7 days expires.
        case refresh
    }

    /// How the event ended.
    public enum Outcome: Sendable, Equatable {
        case done
        /// The plan changed since the suggestion was computed: answer 409 with ``staleMessage``.
        case stale
        case refused(RecommendationError)
    }

    /// What the caller must do.
    public enum Action: Sendable, Equatable {
        /// Apply the change (its ``PlanChange/edit`` to the plan, or the new goal) and add it to the history.
        case apply(PlanChange)
        /// Take the change back (its ``PlanChange/undoEdit``) and note it in the history.
        case revert(PlanChange)
    }

    /// The recommendation after an event, how it ended, and what to do.
    public struct Transition: Sendable, Equatable {
        /// The recommendation to save.
        public var recommendation: Recommendation
        /// How the event ended.
        public var outcome: Outcome
        /// What the caller must do, in order.
        public var actions: [Action]
    }

    /// Handles `event` for `recommendation` at `now`.
    public static func handle(_ event: Event, _ recommendation: Recommendation, now: Date) -> Transition {
        var current = recommendation
        if current.status == .pendingReview, now >= current.expiresAt {
            current.status = .expired
            current.updatedAt = now
        }
        func refuse(_ error: RecommendationError) -> Transition {
            Transition(recommendation: current, outcome: .refused(error), actions: [])
        }
        func refuseUndecidable() -> Transition { refuse(current.status == .expired ? .expired : .alreadyDecided) }
        switch event {
        case .refresh:
            return Transition(recommendation: current, outcome: .done, actions: [])
        case .accept(let version):
            return apply(current, by: .person, planVersion: version, now: now)
        case .applyByCoach(let version):
            return apply(current, by: .coach, planVersion: version, now: now)
        case .decline:
            guard current.status == .pendingReview else { return refuseUndecidable() }
            current.status = .rejected
            current.updatedAt = now
            return Transition(recommendation: current, outcome: .done, actions: [])
        case .acknowledge:
            guard current.status == .applied, current.appliedBy == .coach else {
                return refuse(current.status == .acknowledged ? .alreadyDecided : .notApplied)
            }
            current.status = .acknowledged
            current.updatedAt = now
            return Transition(recommendation: current, outcome: .done, actions: [])
        case .undo(let plan):
            guard current.status == .applied || current.status == .acknowledged, let until = current.undoableUntil else {
                return refuse(.notApplied)
            }
            guard now < until else { return refuse(.undoWindowClosed) }
            guard plan.holds(current.change.after, at: current.change.scope) else { return refuse(.changedSinceApplied) }
            current.status = .undone
            current.updatedAt = now
            return Transition(recommendation: current, outcome: .done, actions: [.revert(current.change)])
        }
    }

    /// Applies a pending recommendation for `applier` when the plan is still the version it was computed against.
    private static func apply(_ recommendation: Recommendation, by applier: RecommendationApplier, planVersion: Int, now: Date)
        -> Transition
    {
        var current = recommendation
        guard current.status == .pendingReview else {
            return Transition(
                recommendation: current, outcome: .refused(current.status == .expired ? .expired : .alreadyDecided), actions: [])
        }
        if applier == .coach, !current.change.kind.autopilotMayApply {
            return Transition(recommendation: current, outcome: .refused(.needsReview), actions: [])
        }
        guard planVersion == current.change.planVersion else { return Transition(recommendation: current, outcome: .stale, actions: []) }
        current.status = .applied
        current.appliedBy = applier
        current.appliedAt = now
        current.updatedAt = now
        return Transition(recommendation: current, outcome: .done, actions: [.apply(current.change)])
    }
}
