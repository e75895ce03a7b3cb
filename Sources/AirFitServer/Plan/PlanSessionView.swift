import AirFitCore
import Foundation

/// `/plan/sessions/:session`: one session's slot and exercise targets, editable, plus adding and removing exercises.
struct PlanSessionView: PageView {
    static let template = "planSession"

    /// One exercise's row of target fields (as stored, or as posted when the form came back with a problem).
    struct Row: Sendable {
        let sessionID: String
        let id: String
        let name: String
        let isStrength: Bool
        let kind: String
        let input: ExerciseTargetInput
        let invalid: Bool
    }

    let id: String
    let focus: String
    let version: Int
    let rows: [Row]
    let hasRows: Bool
    /// The session's own block and the free ones (`value` = the block's index).
    let slots: [Choice]
    let kinds: [Choice]
    let weightUnit: String
    let distanceUnit: String

    init(
        session: PlannedSession, plan: TrainingPlan, availability: [WorkoutAvailabilityBlock], user: User,
        posted: [UUID: ExerciseTargetInput] = [:], invalid: UUID? = nil
    ) {
        let units = user.preferredUnits
        id = session.id.uuidString
        focus = session.focus.displayName
        version = plan.version
        rows = session.exercises.map { exercise in
            Row(
                sessionID: session.id.uuidString, id: exercise.id.uuidString, name: exercise.name, isStrength: exercise.kind != .cardio,
                kind: exercise.kind.rawValue,
                input: posted[exercise.id] ?? ExerciseTargetInput(exercise.target, units: units), invalid: exercise.id == invalid)
        }
        hasRows = !rows.isEmpty
        slots = PlanSlots.free(availability, plan: plan, keeping: session).map { index, block in
            Choice(value: "\(index)", name: PlanSlots.name(block), checked: session.slot.isInside(block))
        }
        kinds = [
            Choice(value: ExerciseKind.compound.rawValue, name: "Strength: compound lift", checked: true),
            Choice(value: ExerciseKind.isolation.rawValue, name: "Strength: isolation"),
            Choice(value: ExerciseKind.cardio.rawValue, name: "Cardio"),
        ]
        weightUnit = units.weightUnit
        distanceUnit = units.distanceUnit
    }
}
