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
                "exercises": ToolSchema.array(
                    ToolSchema.object(
                        [
                            "name": ToolSchema.string("Exercise name."),
                            "sets": ToolSchema.array(
                                ToolSchema.object([
                                    "reps": ToolSchema.number("Repetitions.", minimum: 0, integer: true),
                                    "weight": ToolSchema.number("Load, in weightUnit.", minimum: 0),
                                    "durationSeconds": ToolSchema.number("Duration of a timed set.", minimum: 0),
                                    "distanceMeters": ToolSchema.number("Distance in meters.", minimum: 0),
                                ]), "The sets performed."),
                        ], required: ["name"]), "Exercises, for strength sessions."),
                "weightUnit": ToolSchema.string("Unit of set weights.", oneOf: ["kg", "lb"]),
                "notes": ToolSchema.string("Anything else worth remembering."),
            ], required: ["type", "durationMinutes"]))

    func run(argumentsJSON: String, context: ToolContext) async throws -> ToolOutcome {
        let args = try decode(Arguments.self, from: argumentsJSON)
        let type = args.type.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !type.isEmpty else { throw ToolError.invalidArguments("type must name the kind of workout.") }
        try ToolCheck.range(args.durationMinutes, 1...1440, "durationMinutes")
        try ToolCheck.range(args.caloriesBurned, 0...10000, "caloriesBurned")
        let startedAt = try ToolCheck.date(args.startedAt, "startedAt") ?? context.now.addingTimeInterval(-args.durationMinutes * 60)
        guard startedAt <= context.now.addingTimeInterval(3600) else {
            throw ToolError.invalidArguments("startedAt is in the future; only completed workouts can be logged.")
        }
        let exercises = try (args.exercises ?? []).map { exercise in
            Workout.Exercise(
                name: exercise.name,
                sets: try (exercise.sets ?? []).map { set in
                    try ToolCheck.range(set.reps, 0...1000, "reps")
                    try ToolCheck.range(set.weight, 0...2000, "weight")
                    try ToolCheck.range(set.durationSeconds, 0...86_400, "durationSeconds")
                    try ToolCheck.range(set.distanceMeters, 0...1_000_000, "distanceMeters")
                    return Workout.ExerciseSet(
                        reps: set.reps, weightKg: try ToolCheck.kilograms(set.weight, unit: args.weightUnit, user: context.user),
                        durationSeconds: set.durationSeconds, distanceMeters: set.distanceMeters)
                })
        }
        let workout = Workout(
            userID: context.user.id, type: type, startedAt: startedAt, durationMinutes: args.durationMinutes,
            caloriesBurned: args.caloriesBurned, exercises: exercises, notes: args.notes, createdAt: context.now)
        try await context.repository.addWorkout(workout)
        let minutes =
            args.durationMinutes == args.durationMinutes.rounded()
            ? String(FiniteNumber.displayInt(args.durationMinutes)) : String(format: "%.1f", args.durationMinutes)
        return try result(
            ["logged": "workout", "id": workout.id.uuidString, "type": type, "durationMinutes": minutes],
            card: "Workout logged: \(type), \(minutes) min")
    }
}
