import AirFitCore
import Foundation
import Testing

@testable import AirFitCoach

@Suite("Coach tools")
struct ToolRegistryTests {
    let now = ISO8601.date(from: "2026-03-10T18:00:00Z")!

    func context(units: MeasurementSystem = .metric, location: SavedLocation? = nil, weather: (any CoachWeatherSource)? = nil) async throws
        -> ToolContext
    {
        let store = InMemoryStore()
        let user = User(name: "Ada", preferredUnits: units, timeZone: "UTC", location: location)
        try await store.createUser(user)
        return ToolContext(user: user, repository: store, weather: weather, now: now)
    }

    func json(_ outcome: ToolOutcome) throws -> JSONValue { try JSONValue(data: Data(outcome.resultJSON.utf8)) }

    @Test("The standard registry offers the nine tools with object schemas")
    func definitions() {
        let names = ToolRegistry.standard.definitions.map(\.name)
        #expect(
            names == [
                "logWorkout", "logMeal", "logDailyMetrics", "getWeather", "getRecentActivity", "updateGoal", "updateEntry", "deleteEntry",
                "proposePlanChange",
            ])
        for definition in ToolRegistry.standard.definitions {
            #expect(definition.parameters["type"] == .string("object"))
        }
    }

    @Test("logWorkout stores the workout, converting pounds to kilograms")
    func logWorkout() async throws {
        let context = try await context(units: .imperial)
        let outcome = await ToolRegistry.standard.dispatch(
            name: "logWorkout",
            argumentsJSON: #"{"type":"Strength","durationMinutes":45,"exercises":[{"name":"Squat","sets":[{"reps":5,"weight":225}]}]}"#,
            context: context)
        #expect(!outcome.isError)
        #expect(outcome.card == "Workout logged: strength, 45 min")
        let stored = try await context.repository.workouts(userID: context.user.id, query: RecordQuery())
        #expect(stored.count == 1)
        #expect(stored[0].startedAt == now.addingTimeInterval(-45 * 60))
        let kg = try #require(stored[0].exercises.first?.sets.first?.weightKg)
        #expect(abs(kg - 102.058) < 0.01)
    }

    @Test(
        "Invalid arguments come back to the model as tool errors, and nothing is stored",
        arguments: [
            ("logWorkout", #"{"type":"run"}"#, "durationMinutes is missing."),
            ("logWorkout", #"{"type":"run","durationMinutes":"long"}"#, "durationMinutes should be a number."),
            ("logWorkout", #"{"type":"run","durationMinutes":5000}"#, "Duration must be between 1 and 1440 minutes (got 5000)."),
            ("logMeal", #"{"mealType":"brunch","items":[{"name":"egg","calories":80}]}"#, "mealType must be one of"),
            ("logMeal", #"{"mealType":"lunch","items":[]}"#, "List at least one food."),
            ("logDailyMetrics", #"{"energy":9}"#, "Energy must be between 1 and 5"),
            ("getRecentActivity", #"{"kind":"sleep"}"#, "kind must be one of"),
            ("nope", "{}", "There is no tool named nope."),
            ("logMeal", "not json", "Invalid arguments"),
        ])
    func invalid(name: String, arguments: String, message: String) async throws {
        let context = try await context()
        let outcome = await ToolRegistry.standard.dispatch(name: name, argumentsJSON: arguments, context: context)
        #expect(outcome.isError)
        #expect(try json(outcome)["error"]?.stringValue?.contains(message) == true, "\(outcome.resultJSON)")
        #expect(try await context.repository.workouts(userID: context.user.id, query: RecordQuery()).isEmpty)
        #expect(try await context.repository.foodEntries(userID: context.user.id, query: RecordQuery()).isEmpty)
    }

    @Test("logMeal stores items and reports total calories")
    func logMeal() async throws {
        let context = try await context()
        let outcome = await ToolRegistry.standard.dispatch(
            name: "logMeal",
            argumentsJSON:
                #"{"mealType":"lunch","items":[{"name":"Rice","calories":300,"carbsGrams":60},{"name":"Chicken","calories":250.4,"proteinGrams":40}]}"#,
            context: context)
        #expect(outcome.card == "Meal logged: lunch, 550 kcal")
        let meals = try await context.repository.foodEntries(userID: context.user.id, query: RecordQuery())
        #expect(meals.first?.totalProteinGrams == 40)
    }

    @Test("logDailyMetrics merges into the day's log")
    func dailyMetrics() async throws {
        let context = try await context()
        _ = await ToolRegistry.standard.dispatch(name: "logDailyMetrics", argumentsJSON: #"{"energy":4,"mood":"good"}"#, context: context)
        let second = await ToolRegistry.standard.dispatch(
            name: "logDailyMetrics", argumentsJSON: #"{"stress":2,"weight":150,"weightUnit":"lb"}"#, context: context)
        #expect(second.card == "Check-in logged for 2026-03-10: energy 4/5, stress 2/5, good, 68 kg")
        let log = try #require(try await context.repository.dailyLog(userID: context.user.id, day: "2026-03-10"))
        #expect(log.energy == 4 && log.stress == 2 && log.mood == "good")
    }

    @Test("getRecentActivity filters by kind, period and workout type")
    func recentActivity() async throws {
        let context = try await context()
        for (type, daysAgo) in [("run", 1.0), ("yoga", 2.0), ("run", 20.0)] {
            try await context.repository.addWorkout(
                Workout(userID: context.user.id, type: type, startedAt: now.addingTimeInterval(-daysAgo * 86_400), durationMinutes: 30))
        }
        let outcome = await ToolRegistry.standard.dispatch(
            name: "getRecentActivity", argumentsJSON: #"{"kind":"workouts","days":7,"workoutType":"run"}"#, context: context)
        let report = try json(outcome)
        guard case .array(let workouts)? = report["workouts"] else { Issue.record("no workouts in \(outcome.resultJSON)"); return }
        #expect(workouts.count == 1)
        #expect(report["meals"] == nil)
        #expect(report["totals"]?["workoutMinutes"] == .number(30))
    }

    struct FakeWeather: CoachWeatherSource {
        func weatherSummary(latitude: Double, longitude: Double, units: MeasurementSystem) async throws -> JSONValue {
            .object(["summary": .string("Clear, \(units == .metric ? "18°C" : "64°F") at \(latitude),\(longitude)")])
        }
    }

    @Test("getWeather uses the saved location, and says so when there is none")
    func weather() async throws {
        let withLocation = try await context(location: SavedLocation(latitude: 51.5, longitude: -0.12), weather: FakeWeather())
        let outcome = await ToolRegistry.standard.dispatch(name: "getWeather", argumentsJSON: "", context: withLocation)
        #expect(try json(outcome)["summary"] == .string("Clear, 18°C at 51.5,-0.12"))
        let without = try await context(weather: FakeWeather())
        let missing = await ToolRegistry.standard.dispatch(name: "getWeather", argumentsJSON: "{}", context: without)
        #expect(missing.isError && missing.resultJSON.contains("No location is saved"))
    }

    @Test("updateGoal rewrites the persona's aspiration and goal, or explains that onboarding comes first")
    func updateGoal() async throws {
        let context = try await context()
        let before = await ToolRegistry.standard.dispatch(name: "updateGoal", argumentsJSON: #"{"aspiration":"Run 10k"}"#, context: context)
        #expect(before.isError && before.resultJSON.contains("has not finished onboarding"))
        var draft = OnboardingDraft()
        draft.lifeSnapshot.student = true
        draft.aspirationCard = .loseWeight
        let persona = PersonaSynthesis.profile(from: draft)
        let profile = try OnboardingProfile(
            userID: context.user.id, persona: persona, communication: PersonaSynthesis.communicationPreferences(from: persona))
        try await context.repository.saveOnboarding(profile, user: context.user)
        let outcome = await ToolRegistry.standard.dispatch(
            name: "updateGoal", argumentsJSON: #"{"aspiration":"Run a 10k in under 50 minutes by June"}"#, context: context)
        #expect(!outcome.isError)
        let updated = try #require(try await context.repository.onboardingProfile(userID: context.user.id)).persona()
        #expect(updated.coreAspiration == "Run a 10k in under 50 minutes by June")
        #expect(updated.structuredGoal?.goalType == "endurance")
        #expect(updated.structuredGoal?.timeframe == "by June")
        #expect(updated.lifeContext.student)
    }

    @Test("Each tool names its own chat card while it runs, after it ran, and when it failed")
    func cardLabels() {
        let registry = ToolRegistry.standard
        for definition in registry.definitions {
            let labels = registry.cardLabels(for: definition.name)
            #expect(labels.running.hasSuffix("…") && !labels.running.contains(definition.name), "\(definition.name): \(labels.running)")
            #expect(!labels.done.contains(definition.name), "\(definition.name): \(labels.done)")
        }
        #expect(registry.cardLabels(for: "logMeal").finished(isError: false) == "Meal logged")
        #expect(registry.cardLabels(for: "logMeal").finished(isError: true) == "Logging meal failed")
        #expect(registry.cardLabels(for: "somethingNew").finished(isError: false) == "Ran somethingNew")
    }
}
