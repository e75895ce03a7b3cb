import AirFitCore
import Foundation

/// Records with every field filled in, so a round trip through a backend checks every column.
enum Fixture {
    /// A whole-second instant; offsets from it keep orderings unambiguous.
    static let base = Date(timeIntervalSince1970: 1_700_000_000)

    static func at(_ seconds: Double) -> Date { base.addingTimeInterval(seconds) }

    static func user(id: UUID = UUID(), name: String = "Ann Example", createdAt: Date = at(0.123_456)) -> User {
        User(
            id: id, name: name, nickname: "Annie", email: "ann@example.com", preferredUnits: .metric, appearanceMode: .dark,
            hapticFeedbackEnabled: false, analyticsEnabled: true, selectedAIProvider: "anthropic",
            selectedAIModel: "claude-test", aiTemperature: 0.7, aiMaxTokens: 2048, aiBaseURL: "http://127.0.0.1:9/v1",
            notificationPreferences: NotificationPreferences(
                systemEnabled: true, categories: [.mealLogging: false, .achievements: true]),
            quietHours: QuietHours(enabled: true, start: TimeOfDay(hour: 21, minute: 30)!, end: TimeOfDay(hour: 6, minute: 45)!),
            appLockEnabled: true, appLockTimeoutMinutes: 5, timeZone: "Europe/Berlin", weekStart: .sunday, heightCm: 171.5,
            weightKg: 64.25, fitnessLevel: .intermediate,
            location: SavedLocation(latitude: 52.520_008, longitude: 13.404_954, name: "Berlin, \"Mitte\""),
            createdAt: createdAt, lastActiveAt: createdAt.addingTimeInterval(86_400.5),
            onboardingPostponedAt: createdAt.addingTimeInterval(60.25), goalWeightKg: 58.75, dailyCalorieTarget: 2150,
            dailyProteinTargetGrams: 115)
    }

    static func profile(userID: UUID, id: UUID = UUID(), aspiration: String = "Run a half marathon") throws -> OnboardingProfile {
        var life = LifeSnapshotSelections()
        life.busyProfessional = true
        life.travelFrequently = true
        let persona = PersonaProfile(
            lifeContext: life, coreAspiration: aspiration,
            structuredGoal: StructuredGoal(goalType: "endurance", primaryMetric: "race_time", timeframe: "6 months", source: .card),
            coachingStyle: CoachingStylePreferences(
                authoritativeDirect: 0.1, empatheticEncouraging: 0.4, analyticalPrecise: 0.3, playfulMotivating: 0.2),
            engagementPreference: .consistentBalanced, customEngagement: CustomEngagementSettings(dailyInsights: true),
            availability: [
                WorkoutAvailabilityBlock(dayOfWeek: 2, startTime: TimeOfDay("6:30")!, endTime: TimeOfDay("7:30")!)
            ],
            sleepSchedule: .default,
            motivationStyle: MotivationStyle(achievementStyle: .dataFocused, inactivityStyle: .gentleNudge),
            establishBaseline: true)
        let communication = CommunicationPreferences(
            coachingStyleBlend: persona.coachingStyle, achievementAcknowledgement: .dataFocused,
            inactivityResponse: .gentleNudge, updateFrequency: "Daily")
        return try OnboardingProfile(
            id: id, userID: userID, persona: persona, communication: communication, createdAt: at(10.5), updatedAt: at(20.25))
    }

    static func workout(userID: UUID, type: String = "strength", at seconds: Double, id: UUID = UUID()) -> Workout {
        Workout(
            id: id, userID: userID, type: type, startedAt: at(seconds), durationMinutes: 45.5, caloriesBurned: 320.25,
            exercises: [
                Workout.Exercise(
                    name: "Squat",
                    sets: [
                        Workout.ExerciseSet(reps: 5, weightKg: 100), Workout.ExerciseSet(reps: 5, weightKg: 102.5),
                    ]),
                Workout.Exercise(name: "Row, \"erg\"", sets: [Workout.ExerciseSet(durationSeconds: 600, distanceMeters: 2000)]),
            ],
            notes: "=felt strong", createdAt: at(seconds + 3600))
    }

    static func meal(userID: UUID, type: MealType = .lunch, at seconds: Double, id: UUID = UUID()) -> FoodEntry {
        FoodEntry(
            id: id, userID: userID, mealType: type, loggedAt: at(seconds),
            items: [
                FoodItem(name: "Oats", quantity: "80 g", calories: 300, proteinGrams: 10.5, carbsGrams: 54, fatGrams: 5),
                FoodItem(name: "Milk, whole", calories: 120.5),
            ],
            notes: "with\nnewline", createdAt: at(seconds + 60))
    }

    static func log(userID: UUID, day: String, energy: Int? = 4, id: UUID = UUID(), createdAt: Date = at(100)) -> DailyLog {
        DailyLog(
            id: id, userID: userID, day: day, energy: energy, sleepQuality: 3, stress: 2, mood: "calm", weightKg: 64.2,
            steps: 9_876, notes: "-ok", createdAt: createdAt, updatedAt: createdAt.addingTimeInterval(5))
    }

    static func message(
        userID: UUID, conversationID: UUID, role: MessageRole = .user, content: String = "Hello coach", at seconds: Double,
        id: UUID = UUID()
    ) -> CoachMessage {
        CoachMessage(
            id: id, userID: userID, conversationID: conversationID, role: role, content: content,
            model: role == .assistant ? "claude-test" : nil, inputTokens: role == .assistant ? 120 : nil,
            outputTokens: role == .assistant ? 45 : nil,
            toolCalls: role == .assistant ? [ToolCallRecord(id: "call_1", name: "log_workout", argumentsJSON: #"{"type":"run"}"#)] : [],
            toolCallID: role == .tool ? "call_1" : nil, isComplete: role != .assistant || !content.isEmpty,
            incompleteReason: role == .assistant && content.isEmpty ? "The connection dropped." : nil,
            card: role == .tool ? "Workout logged: run, 30 min" : nil, createdAt: at(seconds))
    }

    /// What `seed` stored.
    struct Seeded {
        var user: User
        var profile: OnboardingProfile
        var workouts: [Workout]
        var meals: [FoodEntry]
        var logs: [DailyLog]
        var messages: [CoachMessage]
        var exports: [DataExport]
    }

    /// Stores a user with a profile, workouts, meals, logs, two conversations and export history.
    @discardableResult
    static func seed(_ repository: any AirFitRepository, user: User = Fixture.user()) async throws -> Seeded {
        let profile = try Self.profile(userID: user.id)
        try await repository.saveOnboarding(profile, user: user)
        let workouts = [
            workout(userID: user.id, type: "run", at: 1000), workout(userID: user.id, type: "strength", at: 2000),
            workout(userID: user.id, type: "yoga", at: 3000),
        ]
        for item in workouts { try await repository.addWorkout(item) }
        let meals = [
            meal(userID: user.id, type: .breakfast, at: 500), meal(userID: user.id, type: .lunch, at: 1500),
            meal(userID: user.id, type: .dinner, at: 2500), meal(userID: user.id, type: .snack, at: 2600),
        ]
        for item in meals { try await repository.addFoodEntry(item) }
        let logs = ["2023-11-13", "2023-11-14", "2023-11-15"].map { log(userID: user.id, day: $0) }
        for item in logs { try await repository.saveDailyLog(item) }
        let first = UUID()
        let second = UUID()
        let messages = [
            message(userID: user.id, conversationID: first, content: "How was my week?", at: 100),
            message(userID: user.id, conversationID: first, role: .assistant, content: "Strong, \"really\".", at: 101),
            message(userID: user.id, conversationID: first, role: .tool, content: #"{"ok":true}"#, at: 102),
            message(userID: user.id, conversationID: second, content: "Plan tomorrow", at: 200),
            message(userID: user.id, conversationID: second, role: .assistant, content: "", at: 201),
        ]
        for item in messages { try await repository.appendMessage(item) }
        let exports = [
            DataExport(userID: user.id, date: at(50), size: 1234, format: .json),
            DataExport(userID: user.id, date: at(60), size: 99, format: .csv),
        ]
        for item in exports { try await repository.recordExport(item) }
        return Seeded(user: user, profile: profile, workouts: workouts, meals: meals, logs: logs, messages: messages, exports: exports)
    }
}
