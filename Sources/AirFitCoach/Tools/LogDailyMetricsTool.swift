import AirFitCore
import Foundation

/// `logDailyMetrics`: energy, sleep quality, stress, mood, weight and steps for a day (merged into that day's log).
struct LogDailyMetricsTool: CoachToolHandler {
    struct Arguments: Decodable {
        var day: String?
        var energy: Int?
        var sleepQuality: Int?
        var stress: Int?
        var mood: String?
        var weight: Double?
        var weightUnit: String?
        var steps: Int?
        var notes: String?
    }

    let definition = CoachToolDefinition(
        name: "logDailyMetrics", labels: ToolCardLabels(running: "Saving check-in…", done: "Check-in saved"),
        description: "Record how the person feels today and body metrics; only the given fields change.",
        parameters: ToolSchema.object([
            "day": ToolSchema.string("The day as YYYY-MM-DD (default: today)."),
            "energy": ToolSchema.number("Energy from 1 (drained) to 5 (great).", minimum: 1, maximum: 5, integer: true),
            "sleepQuality": ToolSchema.number("Sleep quality from 1 to 5.", minimum: 1, maximum: 5, integer: true),
            "stress": ToolSchema.number("Stress from 1 (calm) to 5 (very stressed).", minimum: 1, maximum: 5, integer: true),
            "mood": ToolSchema.string("Mood in a word or two."),
            "weight": ToolSchema.number("Body weight, in weightUnit.", minimum: 1),
            "weightUnit": ToolSchema.string("Unit of weight.", oneOf: ["kg", "lb"]),
            "steps": ToolSchema.number("Steps walked.", minimum: 0, integer: true),
            "notes": ToolSchema.string("Anything else."),
        ]))

    func run(argumentsJSON: String, context: ToolContext) async throws -> ToolOutcome {
        let args = try decode(Arguments.self, from: argumentsJSON)
        let day = args.day ?? ToolCheck.day(of: context.now, for: context.user)
        var log =
            try await context.repository.dailyLog(userID: context.user.id, day: day)
            ?? DailyLog(userID: context.user.id, day: day, createdAt: context.now, updatedAt: context.now)
        if let value = args.energy { log.energy = value }
        if let value = args.sleepQuality { log.sleepQuality = value }
        if let value = args.stress { log.stress = value }
        if let value = args.mood { log.mood = value }
        if let value = try ToolCheck.kilograms(args.weight, unit: args.weightUnit, user: context.user) { log.weightKg = value }
        if let value = args.steps { log.steps = value }
        if let value = args.notes { log.notes = value }
        log.updatedAt = context.now
        try ToolCheck.valid(.checkin(log), now: context.now)
        try await context.repository.saveDailyLog(log)
        let saved = try await context.repository.dailyLog(userID: context.user.id, day: day) ?? log
        let parts = log.summaryParts(units: context.user.preferredUnits)
        return try result(
            ["logged": "dailyMetrics", "day": day, "entryKind": "checkin", "id": saved.id.uuidString],
            card: "Check-in logged for \(day): \(parts.joined(separator: ", "))")
    }
}
