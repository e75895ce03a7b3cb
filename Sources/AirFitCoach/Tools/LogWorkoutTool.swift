import AirFitCore
import Foundation

/// `logWorkout`: records a completed workout.
struct LogWorkoutTool: CoachToolHandler {
    struct Arguments: Decodable {
        struct SetArguments: Decodable {
            var reps: Int?
            var weight: Double?
            var durationSeconds: Double?
            var distanceMeters: Double?
        }
        struct ExerciseArguments: Decodable {
            var name: String
            var sets: [SetArguments]?
        }
        var type: String
        var durationMinutes: Double
        var startedAt: String?
        var caloriesBurned: Double?
        var exercises: [ExerciseArguments]?
        var weightUnit: String?
        var notes: String?
    }

    let definition = CoachToolDefinition(
        name: "logWorkout", labels: ToolCardLabels(running: "Logging workout…", done: "Workout logged"),
        description: "Log a workout the person has completed.",
        parameters: ToolSchema.object(
            [
                "type": ToolSchema.string("Kind of workout, e.g. run, strength, yoga, cycling, swim, walk."),
                "durationMinutes": ToolSchema.number("Duration in minutes.", minimum: 1, maximum: 1440),
                "startedAt": ToolSchema.string("When it started, ISO-8601 (default: now minus the duration)."),
                "caloriesBurned": ToolSchema.number("Estimated kilocalories burned.", minimum: 0, maximum: 10000),
                "exercises": ToolSchema.array(Self.exerciseSchema, "Exercises, for strength sessions."),
                "weightUnit": ToolSchema.string("Unit of set weights.", oneOf: ["kg", "lb"]),
                "notes": ToolSchema.string("Anything else worth remembering."),
            ], required: ["type", "durationMinutes"]))

    /// One exercise with its sets, as `logWorkout` and `updateEntry` take it.
    static let exerciseSchema = ToolSchema.object(
        [
            "name": ToolSchema.string("Exercise name."),
            "sets": ToolSchema.array(
                ToolSchema.object([
                    "reps": ToolSchema.number("Repetitions.", minimum: 0, integer: true),
                    "weight": ToolSchema.number("Load, in weightUnit.", minimum: 0),
                    "durationSeconds": ToolSchema.number("Duration of a timed set.", minimum: 0),
                    "distanceMeters": ToolSchema.number("Distance in meters.", minimum: 0),
                ]), "The sets performed."),
        ], required: ["name"])

    func run(argumentsJSON: String, context: ToolContext) async throws -> ToolOutcome {
        let args = try decode(Arguments.self, from: argumentsJSON)
        let startedAt = try ToolCheck.date(args.startedAt, "startedAt") ?? context.now.addingTimeInterval(-args.durationMinutes * 60)
        let workout = Workout(
            userID: context.user.id, type: args.type.trimmingCharacters(in: .whitespacesAndNewlines).lowercased(), startedAt: startedAt,
            durationMinutes: args.durationMinutes, caloriesBurned: args.caloriesBurned,
            exercises: try Self.exercises(args.exercises ?? [], unit: args.weightUnit, user: context.user), notes: args.notes,
            createdAt: context.now)
        try ToolCheck.valid(.workout(workout), now: context.now)
        try await context.repository.addWorkout(workout)
        // The rules run on the saved workout; what they suggest goes back so the model can mention it.
        let suggestions = await context.plan?.workoutLogged(user: context.user) ?? []
        let minutes = Self.minutes(workout.durationMinutes)
        return try result(
            Logged(
                id: workout.id.uuidString, type: workout.type, durationMinutes: minutes,
                planSuggestions: suggestions.isEmpty
                    ? nil : suggestions.map { PlanSuggestion($0, policy: CoachContextPolicy(user: context.user)) }),
            card: "Workout logged: \(workout.type), \(minutes) min")
    }

    /// The tool's result: the logged workout, and the plan suggestions it led to (when there are any).
    struct Logged: Encodable {
        var logged = "workout"
        var entryKind = "workout"
        var id: String
        var type: String
        var durationMinutes: String
        var planSuggestions: [PlanSuggestion]?
    }

    /// A recommendation as the model reads it: `status` is `applied` when auto-pilot applied it, else `pending_review`;
    /// no `reason` when it tells of what the person keeps out of requests (``PlanSuggestionWording``).
    struct PlanSuggestion: Encodable, Equatable {
        var id: String
        var kind: String
        var reason: String?
        var status: String

        init(_ recommendation: Recommendation, policy: CoachContextPolicy) {
            id = recommendation.id.uuidString
            kind = recommendation.change.kind.rawValue
            reason = PlanSuggestionWording.reason(recommendation, policy: policy)
            status = recommendation.status.rawValue
        }
    }

    /// The exercises as the model sent them, loads in kilograms.
    static func exercises(_ exercises: [Arguments.ExerciseArguments], unit: String?, user: User) throws -> [Workout.Exercise] {
        try exercises.map { exercise in
            Workout.Exercise(
                name: exercise.name,
                sets: try (exercise.sets ?? []).map { set in
                    Workout.ExerciseSet(
                        reps: set.reps, weightKg: try ToolCheck.kilograms(set.weight, unit: unit, user: user),
                        durationSeconds: set.durationSeconds, distanceMeters: set.distanceMeters)
                })
        }
    }

    /// "30" or "30.5".
    static func minutes(_ value: Double) -> String {
        value == value.rounded() ? String(FiniteNumber.displayInt(value)) : String(format: "%.1f", value)
    }
}
