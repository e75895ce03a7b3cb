import AirFitCore
import Foundation
import Testing

@Suite("Entry rules, set notation and entry forms")
struct EntryRuleTests {
    private static let now = Date(timeIntervalSince1970: 1_750_000_000)
    private static let user = UUID()

    private static func workout(
        type: String = "run", minutes: Double = 30, calories: Double? = nil, start: TimeInterval = -3600,
        sets: [Workout.ExerciseSet] = []
    ) -> Workout {
        Workout(
            userID: user, type: type, startedAt: now.addingTimeInterval(start), durationMinutes: minutes, caloriesBurned: calories,
            exercises: sets.isEmpty ? [] : [Workout.Exercise(name: "Squat", sets: sets)])
    }

    @Test("A workout in range has no problems")
    func validWorkout() {
        #expect(EntryRule.problems(Self.workout(sets: [.init(reps: 5, weightKg: 100)]), now: Self.now).isEmpty)
    }

    @Test(
        "A workout out of range is refused with the field and the value given",
        arguments: [
            (workout(minutes: 0), "Duration must be between 1 and 1440 minutes (got 0)."),
            (workout(minutes: .nan), "Duration must be between 1 and 1440 minutes."),
            (workout(minutes: 1441), "Duration must be between 1 and 1440 minutes (got 1441)."),
            (workout(calories: -5), "Calories burned must be between 0 and 10000 kcal (got -5)."),
            (workout(type: "  "), "Name the kind of workout (run, strength, yoga…)."),
            (workout(start: 7200), "The start is in the future; only a workout that happened can be logged."),
            (workout(sets: [.init(reps: 1001)]), "Exercise 1, set 1: repetitions must be between 0 and 1000 (got 1001)."),
            (workout(sets: [.init(reps: 5, weightKg: .infinity)]), "Exercise 1, set 1: the load must be between 0 and 2000 kg."),
            (
                workout(sets: [.init(), .init(distanceMeters: -1)]),
                "Exercise 1, set 2: the distance must be between 0 and 1000000 metres (got -1)."
            ),
        ])
    func workoutProblems(workout: Workout, message: String) {
        #expect(EntryRule.problems(workout, now: Self.now) == [message])
    }

    @Test("A meal needs a food, names and calories in range; every problem is listed")
    func mealProblems() {
        let empty = FoodEntry(userID: Self.user, mealType: .lunch, loggedAt: Self.now, items: [])
        #expect(EntryRule.problems(empty, now: Self.now) == ["List at least one food."])
        let bad = FoodEntry(
            userID: Self.user, mealType: .lunch, loggedAt: Self.now.addingTimeInterval(7200),
            items: [FoodItem(name: "", calories: 20_000, proteinGrams: -1)])
        #expect(
            EntryRule.problems(bad, now: Self.now) == [
                "The time is in the future; log a meal once it is eaten.", "Food 1 needs a name.",
                "Food 1: calories must be between 0 and 10000 kcal (got 20000).", "Food 1: protein must be between 0 and 2000 g (got -1).",
            ])
    }

    @Test(
        "Sets are read as written, loads in the person's units unless a unit follows",
        arguments: [
            (
                "8×60, 8×60, 6×62.5", MeasurementSystem.metric,
                [Workout.ExerciseSet(reps: 8, weightKg: 60), .init(reps: 8, weightKg: 60), .init(reps: 6, weightKg: 62.5)]
            ),
            ("3x5x100", .metric, Array(repeating: Workout.ExerciseSet(reps: 5, weightKg: 100), count: 3)),
            ("10 * 100 lb", .metric, [.init(reps: 10, weightKg: MeasurementSystem.kilograms(fromPounds: 100))]),
            ("5×225", .imperial, [.init(reps: 5, weightKg: MeasurementSystem.kilograms(fromPounds: 225))]),
            ("5×100kg", .imperial, [.init(reps: 5, weightKg: 100)]),
            ("12, 10", .metric, [.init(reps: 12), .init(reps: 10)]),
            ("30s, 1:30, 2 min", .metric, [.init(durationSeconds: 30), .init(durationSeconds: 90), .init(durationSeconds: 120)]),
            ("400 m, 5 km", .metric, [.init(distanceMeters: 400), .init(distanceMeters: 5000)]),
            (
                "4×100 m, 2x30s", .metric,
                Array(repeating: .init(distanceMeters: 100), count: 4) + Array(repeating: .init(durationSeconds: 30), count: 2)
            ),
            ("", .metric, []),
        ])
    func parseSets(text: String, units: MeasurementSystem, sets: [Workout.ExerciseSet]) throws {
        #expect(try SetNotation.parse(text, units: units) == sets)
    }

    @Test(
        "Anything else is not a set, and the message quotes it",
        arguments: ["8×abc", "nan×5", "5×1e400", "1x2x3x4", "-3", "200×5×60", "5×inf"])
    func unreadableSets(text: String) {
        #expect(throws: SetNotation.Problem(text: text)) { try SetNotation.parse(text, units: .metric) }
    }

    @Test("Sets are written back the way they are read")
    func formatSets() throws {
        let sets: [Workout.ExerciseSet] = [
            .init(reps: 8, weightKg: 60), .init(reps: 12), .init(durationSeconds: 45), .init(distanceMeters: 1500),
        ]
        let text = SetNotation.format(sets, units: .metric)
        #expect(text == "8×60, 12, 45s, 1.5 km")
        #expect(try SetNotation.parse(text, units: .metric) == sets)
        #expect(SetNotation.format([.init(reps: 5, weightKg: 100)], units: .imperial) == "5×220.5")
    }

    @Test("A workout form is read in the person's time zone; unchanged sets keep their exact loads")
    func workoutInput() throws {
        var person = User(name: "Ada", preferredUnits: .imperial)
        person.timeZone = "America/New_York"
        let original = Workout(
            userID: person.id, type: "strength", startedAt: Self.now.addingTimeInterval(-7200), durationMinutes: 40,
            exercises: [Workout.Exercise(name: "Squat", sets: [.init(reps: 5, weightKg: 100)])])
        var input = WorkoutInput(original, user: person)
        #expect(input.exercises == [.init(name: "Squat", sets: "5×220.5")])
        input.time = "08:15"
        input.exercises.append(.init(name: "Row", sets: "3×10×100"))
        let edited = try input.workout(from: original, user: person, now: Self.now)
        #expect(edited.id == original.id && edited.exercises[0] == original.exercises[0])
        #expect(edited.exercises[1].sets.first?.weightKg == MeasurementSystem.kilograms(fromPounds: 100))
        #expect(edited.startedAt == ISO8601DateFormatter().date(from: "2025-06-15T12:15:00Z"))

        let refused = WorkoutInput(
            type: "", day: "2025-13-01", time: "25:00", durationMinutes: "abc", exercises: [.init(name: "", sets: "5")])
        #expect(throws: EntryProblems.self) { try refused.workout(from: nil, user: person, now: Self.now) }
        do {
            _ = try refused.workout(from: nil, user: person, now: Self.now)
        } catch {
            #expect(
                error.messages == [
                    "Give the day and time the workout started.", "Duration must be a number of minutes.",
                    "Name the kind of workout (run, strength, yoga…).", "Exercise 1 needs a name.",
                ])
        }
    }

    @Test("A check-in form clears blank fields when editing, and keeps them when adding to the day")
    func checkinInput() throws {
        let person = User(name: "Ada", preferredUnits: .metric)
        let stored = DailyLog(userID: person.id, day: "2025-06-15", energy: 4, mood: "good", weightKg: 70)
        let weightOnly = CheckinInput(day: "2025-06-15", weight: "69.5")
        let added = try weightOnly.checkin(from: stored, user: person, now: Self.now, keepingBlanks: true)
        #expect(added.energy == 4 && added.mood == "good" && added.weightKg == 69.5)
        let edited = try weightOnly.checkin(from: stored, user: person, now: Self.now)
        #expect(edited.energy == nil && edited.mood == nil && edited.weightKg == 69.5)
        #expect(throws: EntryProblems(["Stress must be a whole number from 1 to 5.", "Steps must be a whole number from 0 to 1,000,000."]))
        {
            try CheckinInput(day: "2025-06-15", stress: "2.5", steps: "-1").checkin(from: nil, user: person, now: Self.now)
        }
    }

    @Test(
        "The quick log guesses the meal from the time of day",
        arguments: [
            ("07:30", MealType.breakfast), ("12:45", .lunch), ("16:00", .snack), ("19:00", .dinner), ("23:30", .snack), ("x", .snack),
        ])
    func likelyMeal(time: String, meal: MealType) {
        #expect(MealType.likely(at: time) == meal)
    }
}
