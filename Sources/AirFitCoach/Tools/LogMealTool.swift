import AirFitCore
import Foundation

/// `logMeal`: records a meal with its items, calories and macros.
struct LogMealTool: CoachToolHandler {
    struct Arguments: Decodable {
        var mealType: String
        var items: [FoodItem]
        var loggedAt: String?
        var notes: String?
    }

    let definition = CoachToolDefinition(
        name: "logMeal", labels: ToolCardLabels(running: "Logging meal…", done: "Meal logged"),
        description: "Log a meal with its food items, calories and macros.",
        parameters: ToolSchema.object(
            [
                "mealType": ToolSchema.string("Which meal.", oneOf: MealType.allCases.map(\.rawValue)),
                "items": ToolSchema.array(Self.itemSchema, "The foods eaten."),
                "loggedAt": ToolSchema.string("When it was eaten, ISO-8601 (default: now)."),
                "notes": ToolSchema.string("Anything else worth remembering."),
            ], required: ["mealType", "items"]))

    /// One food, as `logMeal` and `updateEntry` take it.
    static let itemSchema = ToolSchema.object(
        [
            "name": ToolSchema.string("Food name."), "quantity": ToolSchema.string("Amount, e.g. 100 g or 1 cup."),
            "calories": ToolSchema.number("Kilocalories.", minimum: 0, maximum: 10000),
            "proteinGrams": ToolSchema.number("Protein in grams.", minimum: 0),
            "carbsGrams": ToolSchema.number("Carbohydrates in grams.", minimum: 0),
            "fatGrams": ToolSchema.number("Fat in grams.", minimum: 0),
        ], required: ["name", "calories"])

    func run(argumentsJSON: String, context: ToolContext) async throws -> ToolOutcome {
        let args = try decode(Arguments.self, from: argumentsJSON)
        let entry = FoodEntry(
            userID: context.user.id, mealType: try Self.mealType(args.mealType),
            loggedAt: try ToolCheck.date(args.loggedAt, "loggedAt") ?? context.now, items: args.items, notes: args.notes,
            createdAt: context.now)
        try ToolCheck.valid(.meal(entry), now: context.now)
        try await context.repository.addFoodEntry(entry)
        let calories = FiniteNumber.displayInt(entry.totalCalories)
        return try result(
            [
                "logged": "meal", "entryKind": "meal", "id": entry.id.uuidString, "mealType": entry.mealType.rawValue,
                "totalCalories": String(calories),
            ],
            card: "Meal logged: \(entry.mealType.displayName.lowercased()), \(calories) kcal")
    }

    /// The meal type the model named.
    static func mealType(_ text: String) throws -> MealType {
        guard let mealType = MealType(rawValue: text.lowercased()) else {
            throw ToolError.invalidArguments("mealType must be one of \(MealType.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return mealType
    }
}
