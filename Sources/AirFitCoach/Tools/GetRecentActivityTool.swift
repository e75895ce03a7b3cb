import AirFitCore
import Foundation

/// `getRecentActivity`: what the person logged recently, by kind and period.
struct GetRecentActivityTool: CoachToolHandler {
    struct Arguments: Decodable {
        var kind: String?
        var days: Int?
        var workoutType: String?
    }

    struct Report: Encodable {
        struct WorkoutLine: Encodable {
            var id: UUID
            var startedAt: Date
            var type: String
            var durationMinutes: Double
            var caloriesBurned: Double?
            var sets: Int
        }
        struct MealLine: Encodable {
            var id: UUID
            var loggedAt: Date
            var mealType: String
            var calories: Double
            var proteinGrams: Double
            var items: [String]
        }
        var periodDays: Int
        var workouts: [WorkoutLine]?
        var meals: [MealLine]?
        var dailyLogs: [DailyLog]?
        var totals: [String: Double]
    }

    static let kinds = ["all", "workouts", "meals", "dailyLogs"]

    let definition = CoachToolDefinition(
        name: "getRecentActivity", labels: ToolCardLabels(running: "Looking at recent activity…", done: "Looked at recent activity"),
        description: "Look up what the person logged recently: workouts, meals, daily check-ins, or all of them.",
        parameters: ToolSchema.object([
            "kind": ToolSchema.string("What to look up (default all).", oneOf: kinds),
            "days": ToolSchema.number("How many days back, 1–90 (default 7).", minimum: 1, maximum: 90, integer: true),
            "workoutType": ToolSchema.string("Only workouts of this type, e.g. run."),
        ]))

    func run(argumentsJSON: String, context: ToolContext) async throws -> ToolOutcome {
        let args = try decode(Arguments.self, from: argumentsJSON)
        let kind = args.kind ?? "all"
        guard Self.kinds.contains(kind) else {
            throw ToolError.invalidArguments("kind must be one of \(Self.kinds.joined(separator: ", ")) (got \"\(kind)\").")
        }
        let days = args.days ?? 7
        try ToolCheck.range(days, 1...90, "days")
        let from = context.now.addingTimeInterval(-Double(days) * 86_400)
        let id = context.user.id
        var report = Report(periodDays: days, totals: [:])
        if kind == "all" || kind == "workouts" {
            let query = RecordQuery(from: from, kind: args.workoutType?.lowercased(), limit: 200)
            let workouts = try await context.repository.workouts(userID: id, query: query)
            report.workouts = workouts.map {
                .init(
                    id: $0.id, startedAt: $0.startedAt, type: $0.type, durationMinutes: $0.durationMinutes,
                    caloriesBurned: $0.caloriesBurned,
                    sets: $0.totalSets)
            }
            report.totals["workouts"] = Double(workouts.count)
            report.totals["workoutMinutes"] = workouts.reduce(0) { $0 + $1.durationMinutes }
        }
        if kind == "all" || kind == "meals" {
            let meals = try await context.repository.foodEntries(userID: id, query: RecordQuery(from: from, limit: 300))
            report.meals = meals.map {
                .init(
                    id: $0.id, loggedAt: $0.loggedAt, mealType: $0.mealType.rawValue, calories: $0.totalCalories,
                    proteinGrams: $0.totalProteinGrams,
                    items: $0.items.map(\.name))
            }
            report.totals["mealCalories"] = meals.reduce(0) { $0 + $1.totalCalories }
        }
        if kind == "all" || kind == "dailyLogs" {
            let fromDay = ToolCheck.day(of: from, for: context.user)
            report.dailyLogs = try await context.repository.dailyLogs(
                userID: id, fromDay: fromDay, toDay: nil, query: RecordQuery(limit: 90))
        }
        return try result(report)
    }
}
