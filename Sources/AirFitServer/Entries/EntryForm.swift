import AirFitCore
import Foundation

/// A posted workout, meal or check-in form, read by field name into Core's inputs.
///
/// Fields: `type`, `day`, `time`, `duration`, `calories`, `notes`, `exercise_name_<n>`, `exercise_sets_<n>` (workout);
/// `meal_type`, `item_<name|quantity|calories|protein|carbs|fat>_<n>` (meal); `energy`, `sleep`, `stress`, `mood`,
/// `weight`, `steps` (check-in). Rows are numbered from 0; at most ``maximumRows`` are read.
struct EntryForm: Decodable, Sendable {
    /// The most exercise or food rows one form carries.
    static let maximumRows = 30

    private let fields: [String: String]

    init(from decoder: any Decoder) throws {
        fields = try FormFields(from: decoder).values
    }

    init(fields: [String: String]) {
        self.fields = fields
    }

    private func text(_ name: String) -> String { fields[name] ?? "" }

    /// The workout as typed.
    var workout: WorkoutInput {
        WorkoutInput(
            type: text("type"), day: text("day"), time: text("time"), durationMinutes: text("duration"),
            caloriesBurned: text("calories"),
            exercises: (0..<Self.maximumRows).compactMap { index in
                guard fields["exercise_name_\(index)"] != nil || fields["exercise_sets_\(index)"] != nil else { return nil }
                return WorkoutInput.ExerciseRow(name: text("exercise_name_\(index)"), sets: text("exercise_sets_\(index)"))
            }, notes: text("notes"))
    }

    /// The meal as typed.
    var meal: MealInput {
        MealInput(
            mealType: text("meal_type"), day: text("day"), time: text("time"),
            items: (0..<Self.maximumRows).compactMap { index in
                let field = { (name: String) in fields["item_\(name)_\(index)"] }
                guard ["name", "quantity", "calories", "protein", "carbs", "fat"].contains(where: { field($0) != nil }) else { return nil }
                return MealInput.ItemRow(
                    name: field("name") ?? "", quantity: field("quantity") ?? "", calories: field("calories") ?? "",
                    protein: field("protein") ?? "", carbs: field("carbs") ?? "", fat: field("fat") ?? "")
            }, notes: text("notes"))
    }

    /// The check-in as typed.
    var checkin: CheckinInput {
        CheckinInput(
            day: text("day"), energy: text("energy"), sleepQuality: text("sleep"), stress: text("stress"), mood: text("mood"),
            weight: text("weight"), steps: text("steps"), notes: text("notes"))
    }
}
