import AirFitCore
import Foundation

/// A field a PATCH may send as `null` to clear it: absent (`nil`) keeps the stored value, `.some(nil)` clears it.
typealias Clearable<T> = T??

extension KeyedDecodingContainer {
    /// A field that may be absent (keep), `null` (clear) or a value.
    func decodeClearable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> Clearable<T> {
        guard contains(key) else { return nil }
        return .some(try decodeIfPresent(type, forKey: key))
    }
}

/// A workout's JSON fields as a client sends them (POST: all the required ones; PATCH: any of them).
struct WorkoutBody: Decodable {
    struct Exercise: Codable {
        var name: String
        var sets: String
    }

    var type: String?
    var day: String?
    var time: String?
    var durationMinutes: Double?
    var caloriesBurned: Clearable<Double>
    var exercises: [Exercise]?
    var notes: Clearable<String>

    enum CodingKeys: String, CodingKey { case type, day, time, durationMinutes, caloriesBurned, exercises, notes }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeIfPresent(String.self, forKey: .type)
        day = try container.decodeIfPresent(String.self, forKey: .day)
        time = try container.decodeIfPresent(String.self, forKey: .time)
        durationMinutes = try container.decodeIfPresent(Double.self, forKey: .durationMinutes)
        caloriesBurned = try container.decodeClearable(Double.self, forKey: .caloriesBurned)
        exercises = try container.decodeIfPresent([Exercise].self, forKey: .exercises)
        notes = try container.decodeClearable(String.self, forKey: .notes)
    }

    /// The required fields a new workout lacks.
    var missing: [String] {
        [("type", type == nil), ("day", day == nil), ("time", time == nil), ("durationMinutes", durationMinutes == nil)].filter { $0.1 }.map
        { $0.0 }
    }

    /// `input` with the fields sent written over it, as the web form would hold them.
    func applied(to input: WorkoutInput) -> WorkoutInput {
        var input = input
        if let type { input.type = type }
        if let day { input.day = day }
        if let time { input.time = time }
        if let durationMinutes { input.durationMinutes = EntryRule.number(durationMinutes) }
        if let caloriesBurned { input.caloriesBurned = caloriesBurned.map(EntryRule.number) ?? "" }
        if let exercises { input.exercises = exercises.map { WorkoutInput.ExerciseRow(name: $0.name, sets: $0.sets) } }
        if let notes { input.notes = notes ?? "" }
        return input
    }
}

/// A meal's JSON fields as a client sends them.
struct MealBody: Decodable {
    struct Item: Codable {
        var name: String
        var quantity: String?
        var calories: Double
        var protein: Double?
        var carbs: Double?
        var fat: Double?
    }

    var mealType: String?
    var day: String?
    var time: String?
    var items: [Item]?
    var notes: Clearable<String>

    enum CodingKeys: String, CodingKey { case mealType, day, time, items, notes }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mealType = try container.decodeIfPresent(String.self, forKey: .mealType)
        day = try container.decodeIfPresent(String.self, forKey: .day)
        time = try container.decodeIfPresent(String.self, forKey: .time)
        items = try container.decodeIfPresent([Item].self, forKey: .items)
        notes = try container.decodeClearable(String.self, forKey: .notes)
    }

    /// The required fields a new meal lacks.
    var missing: [String] {
        [("mealType", mealType == nil), ("day", day == nil), ("time", time == nil), ("items", items == nil)].filter { $0.1 }.map { $0.0 }
    }

    /// `input` with the fields sent written over it.
    func applied(to input: MealInput) -> MealInput {
        var input = input
        if let mealType { input.mealType = mealType }
        if let day { input.day = day }
        if let time { input.time = time }
        if let items {
            input.items = items.map { item in
                MealInput.ItemRow(
                    name: item.name, quantity: item.quantity ?? "", calories: EntryRule.number(item.calories),
                    protein: item.protein.map(EntryRule.number) ?? "", carbs: item.carbs.map(EntryRule.number) ?? "",
                    fat: item.fat.map(EntryRule.number) ?? "")
            }
        }
        if let notes { input.notes = notes ?? "" }
        return input
    }
}

/// A daily check-in's JSON fields as a client sends them; `weight` is in the member's units.
struct DailyLogBody: Decodable {
    var day: String?
    var energy: Clearable<Int>
    var sleepQuality: Clearable<Int>
    var stress: Clearable<Int>
    var mood: Clearable<String>
    var weight: Clearable<Double>
    var steps: Clearable<Int>
    var notes: Clearable<String>

    enum CodingKeys: String, CodingKey { case day, energy, sleepQuality, stress, mood, weight, steps, notes }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        day = try container.decodeIfPresent(String.self, forKey: .day)
        energy = try container.decodeClearable(Int.self, forKey: .energy)
        sleepQuality = try container.decodeClearable(Int.self, forKey: .sleepQuality)
        stress = try container.decodeClearable(Int.self, forKey: .stress)
        mood = try container.decodeClearable(String.self, forKey: .mood)
        weight = try container.decodeClearable(Double.self, forKey: .weight)
        steps = try container.decodeClearable(Int.self, forKey: .steps)
        notes = try container.decodeClearable(String.self, forKey: .notes)
    }

    /// `input` with the fields sent written over it (the day is not changed: a check-in belongs to its day).
    func applied(to input: CheckinInput) -> CheckinInput {
        var input = input
        if let energy { input.energy = energy.map(String.init) ?? "" }
        if let sleepQuality { input.sleepQuality = sleepQuality.map(String.init) ?? "" }
        if let stress { input.stress = stress.map(String.init) ?? "" }
        if let mood { input.mood = mood ?? "" }
        if let weight { input.weight = weight.map(EntryRule.number) ?? "" }
        if let steps { input.steps = steps.map(String.init) ?? "" }
        if let notes { input.notes = notes ?? "" }
        return input
    }
}
