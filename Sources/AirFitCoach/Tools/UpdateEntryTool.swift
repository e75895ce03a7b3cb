import AirFitCore
import Foundation

/// `updateEntry`: corrects a logged workout, meal or check-in; only the given fields change, under the same rules as
/// logging it.
struct UpdateEntryTool: CoachToolHandler {
    struct Arguments: Decodable {
        var kind: String
        var id: String
        // Workout
        var type: String?
        var durationMinutes: Double?
        var startedAt: String?
        var caloriesBurned: Double?
        var exercises: [LogWorkoutTool.Arguments.ExerciseArguments]?
        // Meal
        var mealType: String?
        var items: [FoodItem]?
        var loggedAt: String?
        // Check-in
        var energy: Int?
        var sleepQuality: Int?
        var stress: Int?
        var mood: String?
        var weight: Double?
        var steps: Int?
        // Any
        var weightUnit: String?
        var notes: String?
    }

    let definition = CoachToolDefinition(
        name: "updateEntry", labels: ToolCardLabels(running: "Updating entry…", done: "Entry updated"),
        description: "Correct a logged workout, meal or check-in the person asks to change; only the fields given change.",
        parameters: ToolSchema.object(
            EntryArguments.schema.merging([
                "type": ToolSchema.string("Workout: kind of workout."),
                "durationMinutes": ToolSchema.number("Workout: minutes.", minimum: 1, maximum: 1440),
                "startedAt": ToolSchema.string("Workout: start, ISO-8601."),
                "caloriesBurned": ToolSchema.number("Workout: kilocalories burned.", minimum: 0, maximum: 10000),
                "exercises": ToolSchema.array(
                    LogWorkoutTool.exerciseSchema, "Workout: the full list of exercises (replaces the old list)."),
                "mealType": ToolSchema.string("Meal: which meal.", oneOf: MealType.allCases.map(\.rawValue)),
                "items": ToolSchema.array(LogMealTool.itemSchema, "Meal: the full list of foods (replaces the old list)."),
                "loggedAt": ToolSchema.string("Meal: when it was eaten, ISO-8601."),
                "energy": ToolSchema.number("Check-in: energy 1–5.", minimum: 1, maximum: 5, integer: true),
                "sleepQuality": ToolSchema.number("Check-in: sleep quality 1–5.", minimum: 1, maximum: 5, integer: true),
                "stress": ToolSchema.number("Check-in: stress 1–5.", minimum: 1, maximum: 5, integer: true),
                "mood": ToolSchema.string("Check-in: mood."),
                "weight": ToolSchema.number("Check-in: body weight, in weightUnit.", minimum: 1),
                "steps": ToolSchema.number("Check-in: steps.", minimum: 0, integer: true),
                "weightUnit": ToolSchema.string("Unit of weights given.", oneOf: ["kg", "lb"]),
                "notes": ToolSchema.string("Notes (replaces the old notes)."),
            ]) { first, _ in first }, required: ["kind", "id"]))

    func run(argumentsJSON: String, context: ToolContext) async throws -> ToolOutcome {
        let args = try decode(Arguments.self, from: argumentsJSON)
        let original = try await EntryArguments(kind: args.kind, id: args.id).entry(in: context)
        let user = context.user
        let updated: LoggedEntry
        switch original {
        case .workout(var workout):
            if let type = args.type { workout.type = type.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
            if let value = args.durationMinutes { workout.durationMinutes = value }
            if let value = try ToolCheck.date(args.startedAt, "startedAt") { workout.startedAt = value }
            if let value = args.caloriesBurned { workout.caloriesBurned = value }
            if let value = args.exercises { workout.exercises = try LogWorkoutTool.exercises(value, unit: args.weightUnit, user: user) }
            if let value = args.notes { workout.notes = value }
            updated = .workout(workout)
        case .meal(var meal):
            if let value = args.mealType { meal.mealType = try LogMealTool.mealType(value) }
            if let value = args.items { meal.items = value }
            if let value = try ToolCheck.date(args.loggedAt, "loggedAt") { meal.loggedAt = value }
            if let value = args.notes { meal.notes = value }
            updated = .meal(meal)
        case .checkin(var log):
            if let value = args.energy { log.energy = value }
            if let value = args.sleepQuality { log.sleepQuality = value }
            if let value = args.stress { log.stress = value }
            if let value = args.mood { log.mood = value }
            if let value = try ToolCheck.kilograms(args.weight, unit: args.weightUnit, user: user) { log.weightKg = value }
            if let value = args.steps { log.steps = value }
            if let value = args.notes { log.notes = value }
            log.updatedAt = context.now
            updated = .checkin(log)
        }
        guard updated != original else {
            return try result(["updated": "nothing", "reason": "The values given are the ones already stored."])
        }
        try ToolCheck.valid(updated, now: context.now)
        switch updated {
        case .workout(let workout): try await context.repository.updateWorkout(workout)
        case .meal(let meal): try await context.repository.updateFoodEntry(meal)
        case .checkin(let log): try await context.repository.saveDailyLog(log)
        }
        let title = updated.title(units: user.preferredUnits)
        return try result(
            [
                "updated": updated.reference.kind.rawValue, "entryKind": updated.reference.kind.rawValue,
                "id": updated.reference.id.uuidString, "now": title,
            ],
            card: "Updated \(updated.noun): \(title)")
    }
}
