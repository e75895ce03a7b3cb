public import Foundation

/// Which meal an entry belongs to.
public enum MealType: String, Codable, CaseIterable, Sendable {
    case breakfast, lunch, dinner, snack

    /// The label a person reads.
    public var displayName: String { rawValue.capitalized }
}

/// A logged meal with its items.
public struct FoodEntry: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var userID: UUID
    public var mealType: MealType
    public var loggedAt: Date
    public var items: [FoodItem]
    public var notes: String?
    public var createdAt: Date

    /// Creates a food entry.
    public init(
        id: UUID = UUID(), userID: UUID, mealType: MealType, loggedAt: Date, items: [FoodItem],
        notes: String? = nil, createdAt: Date = Date()
    ) {
        self.id = id
        self.userID = userID
        self.mealType = mealType
        self.loggedAt = loggedAt
        self.items = items
        self.notes = notes
        self.createdAt = createdAt
    }

    /// Sum of the items' calories.
    public var totalCalories: Double { items.reduce(0) { $0 + $1.calories } }
    /// Sum of the items' protein in grams.
    public var totalProteinGrams: Double { items.reduce(0) { $0 + ($1.proteinGrams ?? 0) } }
    /// Sum of the items' carbohydrates in grams.
    public var totalCarbsGrams: Double { items.reduce(0) { $0 + ($1.carbsGrams ?? 0) } }
    /// Sum of the items' fat in grams.
    public var totalFatGrams: Double { items.reduce(0) { $0 + ($1.fatGrams ?? 0) } }
}

/// One food in a meal.
public struct FoodItem: Codable, Sendable, Equatable {
    public var name: String
    public var quantity: String?
    public var calories: Double
    public var proteinGrams: Double?
    public var carbsGrams: Double?
    public var fatGrams: Double?

    /// Creates a food item.
    public init(
        name: String, quantity: String? = nil, calories: Double, proteinGrams: Double? = nil,
        carbsGrams: Double? = nil, fatGrams: Double? = nil
    ) {
        self.name = name
        self.quantity = quantity
        self.calories = calories
        self.proteinGrams = proteinGrams
        self.carbsGrams = carbsGrams
        self.fatGrams = fatGrams
    }
}

extension MealType {
    /// The meal a person most likely means at `time` ("HH:mm"): breakfast until 10:30, lunch until 15:00, dinner
    /// from 17:00 to 22:00, a snack otherwise.
    public static func likely(at time: String) -> MealType {
        guard let clock = TimeOfDay(time) else { return .snack }
        switch clock.minutesSinceMidnight {
        case 300..<630: return .breakfast
        case 630..<900: return .lunch
        case 1020..<1320: return .dinner
        default: return .snack
        }
    }
}
