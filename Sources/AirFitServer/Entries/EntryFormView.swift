import AirFitCore
import Foundation

/// The form for a workout, meal, check-in or weight: editing a logged one, or logging a new one by hand (the quick
/// log). What was typed comes back as it was when the form is refused.
struct EntryFormView: PageView {
    static let template = "entryForm"

    /// One exercise row.
    struct ExerciseRow: Sendable {
        let index: Int
        let number: Int
        let name: String
        let sets: String
    }

    /// One food row.
    struct ItemRow: Sendable {
        let index: Int
        let number: Int
        let name: String
        let quantity: String
        let calories: String
        let protein: String
        let carbs: String
        let fat: String
    }

    /// A 1–5 score select.
    struct Score: Sendable {
        let field: String
        let label: String
        let hint: String
        let options: [Choice]
    }

    /// Which form: `workout`, `meal`, `checkin` or `weight`.
    let form: String
    let isWorkout: Bool
    let isMeal: Bool
    let isCheckin: Bool
    let isWeight: Bool
    let action: String
    let cancelHref: String
    let submitLabel: String
    let submitTestID: String
    var day = ""
    var time = ""
    var notes = ""
    var weightUnit: String
    // Workout
    var type = ""
    var duration = ""
    var calories = ""
    var exercises: [ExerciseRow] = []
    // Meal
    var mealTypes: [Choice] = []
    var items: [ItemRow] = []
    // Check-in
    var scores: [Score] = []
    var mood = ""
    var weight = ""
    var steps = ""
    /// A check-in's day is fixed once logged (another day is another check-in).
    var dayIsFixed = false

    /// Blank rows offered after the filled ones, for adding without JavaScript.
    static let blankRows = 2

    private init(form: String, action: String, cancelHref: String, submitLabel: String, submitTestID: String, user: User) {
        self.form = form
        isWorkout = form == "workout"
        isMeal = form == "meal"
        isCheckin = form == "checkin"
        isWeight = form == "weight"
        self.action = action
        self.cancelHref = cancelHref
        self.submitLabel = submitLabel
        self.submitTestID = submitTestID
        weightUnit = user.preferredUnits.weightUnit
    }

    /// The edit form of a logged entry, filled from `input` (the stored values, or what was typed).
    static func edit(_ reference: EntryReference, input: EntryInputs, user: User) -> EntryFormView {
        let path = EntryPaths.entry(reference)
        var view = EntryFormView(
            form: reference.kind.rawValue, action: path, cancelHref: path, submitLabel: "Save", submitTestID: "entry.save", user: user)
        view.fill(input)
        view.dayIsFixed = reference.kind == .checkin
        return view
    }

    /// The quick log's form for `form` (`workout`, `meal`, `checkin`, `weight`), filled from `input`.
    static func quickLog(_ form: String, input: EntryInputs, user: User) -> EntryFormView {
        var view = EntryFormView(
            form: form, action: "/log/\(form)", cancelHref: "/log", submitLabel: "Log it", submitTestID: "quicklog.save", user: user)
        view.fill(input)
        return view
    }

    private mutating func fill(_ input: EntryInputs) {
        switch input {
        case .workout(let workout):
            (type, day, time, duration, calories, notes) = (
                workout.type, workout.day, workout.time, workout.durationMinutes, workout.caloriesBurned, workout.notes
            )
            let rows = workout.exercises + Array(repeating: WorkoutInput.ExerciseRow(name: "", sets: ""), count: Self.blankRows)
            exercises = rows.prefix(EntryForm.maximumRows).enumerated().map { index, row in
                ExerciseRow(index: index, number: index + 1, name: row.name, sets: row.sets)
            }
        case .meal(let meal):
            (day, time, notes) = (meal.day, meal.time, meal.notes)
            mealTypes = MealType.allCases.map { Choice(value: $0.rawValue, name: $0.displayName, checked: $0.rawValue == meal.mealType) }
            let rows = meal.items + Array(repeating: MealInput.ItemRow(name: "", calories: ""), count: Self.blankRows)
            items = rows.prefix(EntryForm.maximumRows).enumerated().map { index, row in
                ItemRow(
                    index: index, number: index + 1, name: row.name, quantity: row.quantity, calories: row.calories, protein: row.protein,
                    carbs: row.carbs, fat: row.fat)
            }
        case .checkin(let checkin):
            (day, notes, mood, weight, steps) = (checkin.day, checkin.notes, checkin.mood, checkin.weight, checkin.steps)
            scores = [
                Self.score("energy", "Energy", "1 drained · 5 great", checkin.energy),
                Self.score("sleep", "Sleep quality", "1 poor · 5 great", checkin.sleepQuality),
                Self.score("stress", "Stress", "1 calm · 5 very stressed", checkin.stress),
            ]
        }
    }

    private static func score(_ field: String, _ label: String, _ hint: String, _ value: String) -> Score {
        let options =
            [Choice(value: "", name: "—", checked: value.isEmpty)]
            + (1...5).map { Choice(value: String($0), name: String($0), checked: value == String($0)) }
        return Score(field: field, label: label, hint: hint, options: options)
    }
}

/// What an entry form shows: one of Core's inputs.
enum EntryInputs: Sendable {
    case workout(WorkoutInput)
    case meal(MealInput)
    case checkin(CheckinInput)

    /// The stored `entry` as its form shows it.
    init(_ entry: LoggedEntry, user: User) {
        switch entry {
        case .workout(let workout): self = .workout(WorkoutInput(workout, user: user))
        case .meal(let meal): self = .meal(MealInput(meal, user: user))
        case .checkin(let log): self = .checkin(CheckinInput(log, user: user))
        }
    }
}
