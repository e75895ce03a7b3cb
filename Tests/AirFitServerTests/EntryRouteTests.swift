import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Entry pages and the quick log")
struct EntryRouteTests {
    /// The owner (UTC, metric) and a workout from an hour before the test clock.
    private static func seeded(_ installation: TestInstallation) async throws -> (User, Workout) {
        let user = try await metric(installation)
        let workout = Workout(
            userID: user.id, type: "strength", startedAt: installation.clock.now().addingTimeInterval(-3600), durationMinutes: 45,
            exercises: [Workout.Exercise(name: "Squat", sets: [.init(reps: 5, weightKg: 100), .init(reps: 5, weightKg: 102.5)])],
            notes: "felt strong")
        try await installation.repository.addWorkout(workout)
        return (user, workout)
    }

    /// The owner, switched to metric units.
    private static func metric(_ installation: TestInstallation) async throws -> User {
        var user = try #require(try await installation.repository.users().first)
        user.preferredUnits = .metric
        try await installation.repository.updateUser(user)
        return user
    }

    @Test("A logged workout opens from the history, and its edit form saves changes under the tools' rules")
    func editWorkout() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let (user, workout) = try await Self.seeded(installation)
            let path = "/entries/workout/\(workout.id.uuidString)"
            let day = text(try await web.get("/history/2025-06-15").body)
            #expect(day.contains(#"href="\#(path)""#), "the history links to the entry")

            let page = text(try await web.get(path).body)
            #expect(page.contains("Strength, 45 min") && page.contains("Squat: 5×100, 5×102.5") && page.contains("felt strong"), "\(page)")
            #expect(page.contains(#"data-testid="entry.edit""#) && page.contains(#"data-testid="entry.delete""#))
            let form = text(try await web.get("\(path)/edit").body)
            #expect(form.contains(#"name="exercise_sets_0" type="text" value="5×100, 5×102.5""#))
            #expect(form.contains(#"name="duration" type="text" inputmode="decimal" value="45""#))

            // Refused: every problem is named, what was typed comes back, nothing is stored.
            let refused = try await web.post(
                path,
                [
                    ("type", "strength"), ("day", "2025-06-15"), ("time", "14:00"), ("duration", "5000"), ("calories", "nan"),
                    ("exercise_name_0", "Squat"), ("exercise_sets_0", "5×abc"), ("notes", "felt strong"),
                ])
            #expect(refused.status == .unprocessableContent)
            let body = text(refused.body)
            #expect(body.contains("Duration must be between 1 and 1440 minutes (got 5000)."))
            #expect(body.contains("Calories burned must be a number."))
            #expect(body.contains("Exercise 1: “5×abc” is not a set"))
            #expect(body.contains(#"value="5×abc""#) && body.contains(#"value="5000""#))
            #expect(try await installation.repository.workout(id: workout.id, userID: user.id) == workout)

            let saved = try await web.post(
                path,
                [
                    ("type", "Strength"), ("day", "2025-06-15"), ("time", "13:30"), ("duration", "50"), ("calories", ""),
                    ("exercise_name_0", "Squat"), ("exercise_sets_0", "5×100, 5×102.5"), ("exercise_name_1", "Bench press"),
                    ("exercise_sets_1", "3×8×60"), ("exercise_name_2", ""), ("exercise_sets_2", ""), ("notes", "felt strong"),
                ])
            #expect(saved.status == .seeOther && saved.headers[.location] == "\(path)?saved=1")
            let stored = try #require(try await installation.repository.workout(id: workout.id, userID: user.id))
            #expect(stored.durationMinutes == 50 && stored.createdAt == workout.createdAt)
            #expect(stored.startedAt == ISO8601DateFormatter().date(from: "2025-06-15T13:30:00Z"))
            #expect(stored.exercises[0] == workout.exercises[0])
            #expect(
                stored.exercises[1] == Workout.Exercise(name: "Bench press", sets: Array(repeating: .init(reps: 8, weightKg: 60), count: 3))
            )
            #expect(text(try await web.get("\(path)?saved=1").body).contains("Saved."))
        }
    }

    @Test("Delete lands on the day with an undo that puts the entry back within 10 seconds, and not after")
    func deleteAndUndo() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let (user, workout) = try await Self.seeded(installation)
            let path = "/entries/workout/\(workout.id.uuidString)"
            try await web.get(path)
            let deleted = try await web.post("\(path)/delete", [])
            let landing = try #require(deleted.headers[.location])
            #expect(landing == "/history/2025-06-15?deleted=workout&undo=\(workout.id.uuidString)")
            #expect(try await installation.repository.workout(id: workout.id, userID: user.id) == nil)
            let day = text(try await web.get(landing).body)
            #expect(day.contains("Workout deleted.") && day.contains(#"data-testid="entry.undo""#))
            #expect(try await web.get(path).status == .notFound)

            installation.clock.advance(minutes: 8.0 / 60)
            let undone = try await web.post("/entries/restore", [("id", workout.id.uuidString)])
            #expect(undone.headers[.location] == "\(path)?restored=1")
            #expect(try await installation.repository.workout(id: workout.id, userID: user.id) == workout)

            try await web.get(path)
            try await web.post("\(path)/delete", [])
            installation.clock.advance(minutes: 11.0 / 60)
            let late = try await web.post("/entries/restore", [("id", workout.id.uuidString)])
            #expect(late.status == .gone && text(late.body).contains("Too late to undo"))
            #expect(try await installation.repository.workout(id: workout.id, userID: user.id) == nil)
        }
    }

    @Test("Someone else's entry, a made-up id or kind is not found, and a GET changes nothing")
    func otherPeoplesEntries() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let stranger = User(name: "Stranger")
            try await installation.repository.createUser(stranger)
            let theirs = Workout(userID: stranger.id, type: "run", startedAt: installation.clock.now(), durationMinutes: 20)
            try await installation.repository.addWorkout(theirs)
            #expect(try await web.get("/entries/workout/\(theirs.id.uuidString)").status == .notFound)
            #expect(try await web.get("/entries/workout/\(theirs.id.uuidString)/edit").status == .notFound)
            #expect([.notFound, .methodNotAllowed].contains(try await web.get("/entries/workout/\(theirs.id.uuidString)/delete").status))
            try await web.get("/history")
            #expect(try await web.post("/entries/workout/\(theirs.id.uuidString)/delete", []).status == .notFound)
            #expect(try await web.post("/entries/meal/\(theirs.id.uuidString)/delete", []).status == .notFound)
            #expect(try await web.get("/entries/lunch/\(theirs.id.uuidString)").status == .notFound)
            #expect(try await web.get("/entries/workout/not-an-id").status == .notFound)
            #expect(try await installation.repository.workout(id: theirs.id, userID: stranger.id) == theirs)
        }
    }

    @Test("A meal and a check-in edit keep what was not changed; an unchanged imperial weight keeps its exact kilograms")
    func editMealAndCheckin() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            var user = try #require(try await installation.repository.users().first)
            user.preferredUnits = .imperial
            try await installation.repository.updateUser(user)
            let meal = FoodEntry(
                userID: user.id, mealType: .lunch, loggedAt: installation.clock.now().addingTimeInterval(-600),
                items: [FoodItem(name: "soup", quantity: "1 bowl", calories: 300, proteinGrams: 12)])
            try await installation.repository.addFoodEntry(meal)
            let log = DailyLog(userID: user.id, day: "2025-06-15", energy: 4, weightKg: 72.3)
            try await installation.repository.saveDailyLog(log)

            let mealPath = "/entries/meal/\(meal.id.uuidString)"
            let form = text(try await web.get("\(mealPath)/edit").body)
            #expect(form.contains(#"value="lunch" checked"#) && form.contains(#"value="1 bowl""#))
            let saved = try await web.post(
                mealPath,
                [
                    ("meal_type", "dinner"), ("day", "2025-06-15"), ("time", "14:56"), ("item_name_0", "soup"),
                    ("item_quantity_0", "1 bowl"),
                    ("item_calories_0", "300"), ("item_protein_0", "12"), ("item_name_1", "bread"), ("item_calories_1", "120"),
                    ("item_name_2", ""), ("item_calories_2", ""), ("notes", ""),
                ])
            #expect(saved.status == .seeOther)
            let storedMeal = try #require(try await installation.repository.foodEntry(id: meal.id, userID: user.id))
            #expect(storedMeal.mealType == .dinner && storedMeal.items.map(\.name) == ["soup", "bread"] && storedMeal.totalCalories == 420)

            let logPath = "/entries/checkin/\(log.id.uuidString)"
            let checkin = text(try await web.get("\(logPath)/edit").body)
            #expect(checkin.contains(#"value="159.4""#), "72.3 kg shown in pounds")
            try await web.post(
                logPath,
                [
                    ("day", "2025-06-15"), ("energy", "2"), ("sleep", ""), ("stress", "4"), ("mood", "tired"), ("weight", "159.4"),
                    ("steps", ""),
                ])
            let storedLog = try #require(try await installation.repository.dailyLog(id: log.id, userID: user.id))
            #expect(storedLog.energy == 2 && storedLog.stress == 4 && storedLog.mood == "tired")
            #expect(storedLog.weightKg == 72.3, "an unchanged weight is not converted back from pounds")
            let refused = try await web.post(logPath, [("day", "2025-06-15"), ("energy", "9"), ("weight", "inf")])
            #expect(refused.status == .unprocessableContent)
            #expect(
                text(refused.body).contains("Energy must be a whole number from 1 to 5.")
                    && text(refused.body).contains("Weight must be a number."))
        }
    }

    @Test("The quick log stores a workout, a meal, a weight and a check-in from forms, without the coach")
    func quickLog() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let user = try await Self.metric(installation)
            let home = text(try await web.get("/").body)
            #expect(home.contains(#"href="/log" data-testid="quicklog.open""#))
            let picker = text(try await web.get("/log").body)
            for form in ["workout", "meal", "weight", "checkin"] { #expect(picker.contains(#"data-testid="quicklog.\#(form)""#)) }

            let workoutForm = text(try await web.get("/log/workout").body)
            #expect(workoutForm.contains(#"value="2025-06-15""#) && workoutForm.contains(#"data-testid="quicklog.save""#))
            let logged = try await web.post(
                "/log/workout", [("type", "Run"), ("day", "2025-06-15"), ("time", "07:00"), ("duration", "30"), ("exercise_name_0", "")])
            #expect(logged.headers[.location] == "/?logged=workout")
            #expect(text(try await web.get("/?logged=workout").body).contains("Logged."))
            #expect(try await installation.repository.workouts(userID: user.id, query: RecordQuery()).map(\.type) == ["run"])

            let mealForm = text(try await web.get("/log/meal").body)
            #expect(mealForm.contains(#"value="snack" checked"#), "15:06 is between lunch and dinner")
            let noFood = try await web.post("/log/meal", [("meal_type", "snack"), ("day", "2025-06-15"), ("time", "15:00")])
            #expect(noFood.status == .unprocessableContent && text(noFood.body).contains("List at least one food."))
            try await web.post(
                "/log/meal",
                [("meal_type", "snack"), ("day", "2025-06-15"), ("time", "15:00"), ("item_name_0", "apple"), ("item_calories_0", "95")])
            #expect(try await installation.repository.foodEntries(userID: user.id, query: RecordQuery()).map(\.totalCalories) == [95])

            try await web.post("/log/checkin", [("day", "2025-06-15"), ("energy", "4"), ("mood", "good")])
            try await web.post("/log/weight", [("day", "2025-06-15"), ("weight", "71.5")])
            let log = try #require(try await installation.repository.dailyLog(userID: user.id, day: "2025-06-15"))
            #expect(log.energy == 4 && log.mood == "good" && log.weightKg == 71.5, "the weight adds to the day's check-in")
            let tooHeavy = try await web.post("/log/weight", [("weight", "1e400")])
            #expect(tooHeavy.status == .unprocessableContent && text(tooHeavy.body).contains("Weight must be a number."))
            #expect(try await installation.repository.dailyLog(userID: user.id, day: "2025-06-15")?.weightKg == 71.5)
            #expect(try await web.get("/log/yoga").status == .notFound)
            let today = text(try await web.get("/").body)
            #expect(today.contains("Run, 30 min") && today.contains("Snack: apple · 95 kcal"))
        }
    }
}
