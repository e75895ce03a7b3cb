import AirFitCore
import Foundation

/// A workout as the API answers it: day, time and sets in the member's time zone and units, as the web form shows them.
struct WorkoutJSON: Encodable {
    let id: UUID
    let type: String
    let day: String
    let time: String
    let startedAt: Date
    let durationMinutes: Double
    let caloriesBurned: Double?
    let exercises: [WorkoutBody.Exercise]
    let notes: String?
    let createdAt: Date

    init(_ workout: Workout, user: User) {
        let input = WorkoutInput(workout, user: user)
        id = workout.id
        type = workout.type
        day = input.day
        time = input.time
        startedAt = workout.startedAt
        durationMinutes = workout.durationMinutes
        caloriesBurned = workout.caloriesBurned
        exercises = input.exercises.map { WorkoutBody.Exercise(name: $0.name, sets: $0.sets) }
        notes = workout.notes
        createdAt = workout.createdAt
    }
}

/// A meal as the API answers it.
struct MealJSON: Encodable {
    let id: UUID
    let mealType: String
    let day: String
    let time: String
    let loggedAt: Date
    let items: [MealBody.Item]
    let totalCalories: Double
    let notes: String?
    let createdAt: Date

    init(_ meal: FoodEntry, user: User) {
        let (day, time) = LocalDateTime.fields(of: meal.loggedAt, zone: TimeZone(identifier: user.timeZone) ?? .gmt)
        id = meal.id
        mealType = meal.mealType.rawValue
        self.day = day
        self.time = time
        loggedAt = meal.loggedAt
        items = meal.items.map {
            MealBody.Item(
                name: $0.name, quantity: $0.quantity, calories: $0.calories, protein: $0.proteinGrams, carbs: $0.carbsGrams,
                fat: $0.fatGrams)
        }
        totalCalories = meal.totalCalories
        notes = meal.notes
        createdAt = meal.createdAt
    }
}

/// A daily check-in as the API answers it; `weight` in the member's units (`weightUnit`).
struct DailyLogJSON: Encodable {
    let id: UUID
    let day: String
    let energy: Int?
    let sleepQuality: Int?
    let stress: Int?
    let mood: String?
    let weight: Double?
    let weightUnit: String
    let steps: Int?
    let notes: String?
    let createdAt: Date
    let updatedAt: Date

    init(_ log: DailyLog, user: User) {
        let imperial = user.preferredUnits == .imperial
        id = log.id
        day = log.day
        energy = log.energy
        sleepQuality = log.sleepQuality
        stress = log.stress
        mood = log.mood
        weight = log.weightKg.map { imperial ? (MeasurementSystem.pounds(fromKilograms: $0) * 10).rounded() / 10 : $0 }
        weightUnit = imperial ? "lb" : "kg"
        steps = log.steps
        notes = log.notes
        createdAt = log.createdAt
        updatedAt = log.updatedAt
    }
}

/// One page of a list.
struct EntryPageJSON<Item: Encodable>: Encodable {
    let items: [Item]
    let nextCursor: String?
}

/// The JSON field each of Core's entry problems is about, so a 422 lists the fields at fault.
enum EntryProblemFields {
    /// `problems` as field problems.
    static func fields(_ problems: EntryProblems) -> [APIProblem.FieldProblem] {
        problems.messages.map { APIProblem.FieldProblem(field: field(of: $0), message: $0) }
    }

    /// Message openings and the field they name, checked in order.
    private static let openings: [(String, String)] = [
        ("Give the day and time", "day"), ("The start is in the future", "time"), ("The time is in the future", "time"),
        ("Name the kind of workout", "type"), ("The workout type", "type"), ("Duration", "durationMinutes"),
        ("Calories burned", "caloriesBurned"), ("Choose breakfast", "mealType"), ("List at least one food", "items"),
        ("The notes", "notes"), ("Energy", "energy"), ("Sleep quality", "sleepQuality"), ("Stress", "stress"), ("Weight", "weight"),
        ("Steps", "steps"), ("Choose the day", "day"), ("The day", "day"),
    ]

    /// The field `message` is about; `body` when it names none.
    static func field(of message: String) -> String {
        for (prefix, list, nameField) in [("Exercise ", "exercises", "name"), ("Food ", "items", "name")] where message.hasPrefix(prefix) {
            let number = Int(message.dropFirst(prefix.count).prefix { $0.isNumber }) ?? 1
            let rest = message.dropFirst(prefix.count).drop { $0.isNumber }
            let element = "\(list)[\(max(0, number - 1))]"
            if rest.hasPrefix(" needs a name") || rest.hasPrefix("'s name") { return "\(element).\(nameField)" }
            if list == "exercises" { return "\(element).sets" }
            if rest.hasPrefix("'s amount") { return "\(element).quantity" }
            for (word, key) in [("calories", "calories"), ("protein", "protein"), ("carbohydrates", "carbs"), ("fat", "fat")]
            where rest.hasPrefix(": \(word)") || rest.contains("its \(word)") {
                return "\(element).\(key)"
            }
            return element
        }
        return openings.first { message.hasPrefix($0.0) }?.1 ?? "body"
    }
}
