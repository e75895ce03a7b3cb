import AirFitCore
import Foundation

/// `proposePlanChange`: the coach suggests a change to the person's training plan. It becomes a pending
/// recommendation the person reviews in Activity — never a change made at once, even with auto-pilot on.
struct ProposePlanChangeTool: CoachToolHandler {
    struct Arguments: Decodable {
        var kind: String
        var exercise: String?
        // Numbers, not Int: a fractional count gets a clear message rather than a decoding error.
        var sets: Double?
        var reps: Double?
        var loadKg: Double?
        var minutes: Double?
        var kilometres: Double?
        var session: String?
        var toDay: String?
        var toStart: String?
        var reason: String
    }

    /// The kinds the coach may propose (deload returns and goal dates come from the rules only).
    static let kinds: [PlanChange.Kind] = [.progression, .deload, .schedule]
    /// The longest reason, in characters.
    static let maximumReasonLength = 300

    let definition = CoachToolDefinition(
        name: "proposePlanChange", labels: ToolCardLabels(running: "Suggesting a plan change…", done: "Plan change suggested"),
        description:
            "Suggest a change to the person's training plan: a progression or deload of one exercise's target, or moving a session "
            + "to another day and time. It waits for the person to accept it in Activity; nothing changes until they do.",
        parameters: ToolSchema.object(
            [
                "kind": ToolSchema.string("What kind of change.", oneOf: Self.kinds.map(\.rawValue)),
                "exercise": ToolSchema.string("For progression and deload: the exercise's name as the plan lists it."),
                "sets": ToolSchema.number(
                    "Proposed sets (strength).", minimum: Double(PlanRules.sets.lowerBound), maximum: Double(PlanRules.sets.upperBound),
                    integer: true),
                "reps": ToolSchema.number(
                    "Proposed reps per set (strength).", minimum: Double(PlanRules.reps.lowerBound),
                    maximum: Double(PlanRules.reps.upperBound), integer: true),
                "loadKg": ToolSchema.number(
                    "Proposed load in kilograms (strength; convert pounds with lb × 0.4536).", minimum: PlanRules.loadKilograms.lowerBound,
                    maximum: PlanRules.loadKilograms.upperBound),
                "minutes": ToolSchema.number(
                    "Proposed duration in minutes (cardio).", minimum: PlanRules.minutes.lowerBound, maximum: PlanRules.minutes.upperBound),
                "kilometres": ToolSchema.number(
                    "Proposed distance in kilometres (cardio).", minimum: PlanRules.kilometres.lowerBound,
                    maximum: PlanRules.kilometres.upperBound),
                "session": ToolSchema.string(
                    "The weekday of the session (to move, or holding the exercise when it is in several), optionally with its start "
                        + "time: \"Monday\" or \"Monday 07:00\"."),
                "toDay": ToolSchema.string("For schedule: the weekday to move the session to."),
                "toStart": ToolSchema.string("For schedule: the new start time, 24-hour HH:MM, inside the person's availability."),
                "reason": ToolSchema.string("One sentence, in your voice, on why this change helps the person."),
            ], required: ["kind", "reason"]))

    func run(argumentsJSON: String, context: ToolContext) async throws -> ToolOutcome {
        let arguments = try decode(Arguments.self, from: argumentsJSON)
        let kindText = arguments.kind.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let kind = PlanChange.Kind(rawValue: kindText), Self.kinds.contains(kind) else {
            throw ToolError.invalidArguments(
                "kind must be one of \(Self.kinds.map(\.rawValue).joined(separator: ", ")) (got \"\(arguments.kind.prefix(40))\").")
        }
        let reason = try Self.reason(arguments.reason)
        guard let coordinator = context.plan else {
            throw ToolError.unavailable("Plan changes can't be suggested in this conversation; describe the change to the person instead.")
        }
        let plan: TrainingPlan?
        do {
            plan = try await coordinator.plan(for: context.user)
        } catch {
            throw ToolError.unavailable("The training plan could not be read just now; try again in a moment.")
        }
        guard let plan else {
            throw ToolError.unavailable(
                "This person has no training plan yet (one is made when onboarding completes), so there is nothing to change.")
        }
        let proposal = try PlanProposal.make(arguments, kind: kind, plan: plan, units: context.user.preferredUnits)
        let recommendation: Recommendation
        do {
            recommendation = try await coordinator.propose(proposal.change, reason: reason, user: context.user)
        } catch let error as PlanCoordinatorError {
            throw Self.toolError(error)
        } catch {
            throw ToolError.unavailable("The suggestion could not be saved just now; try again in a moment.")
        }
        return try result(
            Proposed(
                id: recommendation.id.uuidString, status: recommendation.status.rawValue, kind: kind.rawValue,
                change: "\(proposal.subject): \(proposal.before) → \(proposal.after)", reason: recommendation.reason),
            card: proposal.card)
    }

    /// What the model reads back.
    struct Proposed: Encodable {
        var id: String
        var status: String
        var kind: String
        var change: String
        var reason: String
        var note =
            "Saved as a suggestion, not applied: the person reviews it in Activity (Settings → Activity) and accepts or declines it."
    }

    /// The reason as one line of 1 to 300 characters.
    static func reason(_ text: String) throws -> String {
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
        guard !line.isEmpty, line.count <= maximumReasonLength else {
            throw ToolError.invalidArguments("reason must be one sentence of 1 to \(maximumReasonLength) characters.")
        }
        return line
    }

    /// The coordinator's refusal as the model hears it: a proposal that doesn't fit is the model's to fix.
    static func toolError(_ error: PlanCoordinatorError) -> ToolError {
        let message = error.errorDescription ?? "The suggestion could not be saved."
        switch error {
        case .invalidProposal, .edit: return .invalidArguments(message)
        case .noPlan, .planChanged, .stale, .refused, .recommendationNotFound: return .unavailable(message)
        }
    }
}
