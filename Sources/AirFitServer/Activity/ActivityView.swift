import AirFitCore
import Foundation

/// `/activity`: the auto-pilot switch and the coach's recommendations as cards in the spec's modes: pending (Accept /
/// Decline), applied by the coach under auto-pilot (a notice with the emerald bar), applied by the person ("Applied"),
/// acknowledged ("Noted"), and the ones declined, expired or undone.
struct ActivityView: PageView {
    static let template = "activity"

    /// One recommendation's card.
    struct Card: Sendable {
        let id: String
        /// `pending_review`, `applied`, `acknowledged`, `rejected`, `expired` or `undone`.
        let state: String
        let appliedBy: String?
        let kind: String
        let subject: String
        let before: String
        let after: String
        let reason: String
        let when: String
        let isPending: Bool
        let byCoach: Bool
        let byPerson: Bool
        let isAcknowledged: Bool
        let statusLabel: String?
        let canAcknowledge: Bool
        let canUndo: Bool
        /// The banner for this card's failed action.
        let error: String?
        /// The failure was a stale accept: the card offers to recompute.
        let offerRecompute: Bool
    }

    let autopilotOn: Bool
    /// The value the switch's form posts (the opposite of now).
    let autopilotNext: String
    let autopilotError: String?
    let pending: [Card]
    let hasPending: Bool
    let history: [Card]
    let hasHistory: Bool
    let hasPlan: Bool
    var notices: [String] = []

    init(
        recommendations: [Recommendation], plan: TrainingPlan?, autopilotOn: Bool, user: User, now: Date,
        autopilotError: String? = nil, cardError: (id: UUID, message: String, stale: Bool)? = nil
    ) {
        self.autopilotOn = autopilotOn
        autopilotNext = autopilotOn ? "false" : "true"
        self.autopilotError = autopilotError
        let cards = recommendations.map { Self.card($0, plan: plan, user: user, now: now, error: cardError) }
        pending = cards.filter(\.isPending)
        hasPending = !pending.isEmpty
        history = cards.filter { !$0.isPending }
        hasHistory = !history.isEmpty
        hasPlan = plan != nil
    }

    static func card(
        _ recommendation: Recommendation, plan: TrainingPlan?, user: User, now: Date, error: (id: UUID, message: String, stale: Bool)?
    ) -> Card {
        let units = user.preferredUnits
        let change = recommendation.change
        let status = recommendation.status
        let byCoach = recommendation.appliedBy == .coach
        let applied = status == .applied || status == .acknowledged
        let undoable =
            applied && (recommendation.undoableUntil.map { now < $0 } ?? false)
            && (plan.map { $0.holds(change.after, at: change.scope) } ?? false)
        let label: String? =
            switch status {
            case .pendingReview: nil
            case .applied: byCoach ? "Applied by your coach" : "Applied"
            case .acknowledged: "Noted"
            case .rejected: "Declined"
            case .expired: "Expired"
            case .undone: "Undone"
            }
        let failed = error.flatMap { $0.id == recommendation.id ? $0 : nil }
        return Card(
            id: recommendation.id.uuidString, state: status.rawValue, appliedBy: recommendation.appliedBy?.rawValue,
            kind: Self.kindName(change.kind), subject: Self.subject(change, plan: plan), before: Self.describe(change.before, units),
            after: Self.describe(change.after, units), reason: recommendation.reason,
            when: Self.day(recommendation.appliedAt ?? recommendation.createdAt, user: user), isPending: status == .pendingReview,
            byCoach: status == .applied && byCoach, byPerson: status == .applied && !byCoach, isAcknowledged: status == .acknowledged,
            statusLabel: label, canAcknowledge: status == .applied && byCoach, canUndo: undoable, error: failed?.message,
            offerRecompute: failed?.stale ?? false)
    }

    static func kindName(_ kind: PlanChange.Kind) -> String {
        switch kind {
        case .progression: "Progression"
        case .deload: "Lighter week"
        case .deloadReturn: "Back to full load"
        case .schedule: "Schedule"
        case .goalPace: "Goal date"
        }
    }

    /// What the change touches: the exercise and its session, the session, or the goal.
    static func subject(_ change: PlanChange, plan: TrainingPlan?) -> String {
        switch change.scope {
        case .exercise(let sessionID, let exerciseID):
            guard let session = plan?.session(id: sessionID) else { return "An exercise no longer in your plan" }
            let name = session.exercise(id: exerciseID)?.name ?? "An exercise no longer in the session"
            return "\(name) · \(SessionSlot.dayName(session.slot.dayOfWeek)) \(session.focus.displayName)"
        case .session(let sessionID):
            return plan?.session(id: sessionID).map { "\($0.focus.displayName) session" } ?? "A session no longer in your plan"
        case .weightGoal:
            return "Weight goal"
        case .timeGoal:
            return "Time goal"
        }
    }

    static func describe(_ value: PlanChange.Value, _ units: MeasurementSystem) -> String {
        switch value {
        case .target(let target): target.description(in: units)
        case .slot(let slot): "\(SessionSlot.dayName(slot.dayOfWeek)) \(slot.startTime.twelveHourDescription)"
        case .goal(let goal): "\(units.formatWeight(kilograms: goal.targetKilograms, fractionDigits: 1)) by \(goal.targetDay)"
        case .timeGoal(let goal): "\(goal.description(in: units)) by \(goal.targetDay)"
        }
    }

    static func day(_ date: Date, user: User) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: user.timeZone) ?? .gmt
        formatter.dateFormat = "EEE d MMM"
        return formatter.string(from: date)
    }
}
