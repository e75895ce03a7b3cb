import AirFitCore
import Foundation

/// A heavy user's five years: ~2,000 workouts, 10,000 meals, 1,800 daily logs, 50,000 coach messages.
enum SyntheticUser {
    static func archive(scale: Double = 1) -> ExportArchive {
        var random = SplitMix64(seed: 42)
        let user = User(name: "Bench User", email: "bench@example.com", preferredUnits: .metric)
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        let day = 86_400.0
        let count = { (base: Int) in Int(Double(base) * scale) }
        let workouts = (0..<count(2000)).map { index in
            Workout(
                userID: user.id, type: ["strength", "run", "yoga", "cycling"][index % 4],
                startedAt: start.addingTimeInterval(Double(index) * day * 0.9), durationMinutes: 30 + Double(random.next() % 60),
                caloriesBurned: 200 + Double(random.next() % 500),
                exercises: (0..<4).map { e in
                    Workout.Exercise(
                        name: "Exercise \(e)", sets: (0..<3).map { _ in .init(reps: 8, weightKg: Double(random.next() % 100)) })
                }, notes: index % 10 == 0 ? "Felt strong today" : nil)
        }
        let meals = (0..<count(10000)).map { index in
            FoodEntry(
                userID: user.id, mealType: MealType.allCases[index % 4], loggedAt: start.addingTimeInterval(Double(index) * day / 5.5),
                items: (0..<3).map { i in
                    FoodItem(
                        name: "Food \(i)", quantity: "100 g", calories: Double(random.next() % 600), proteinGrams: 20, carbsGrams: 40,
                        fatGrams: 10)
                })
        }
        var logs: [DailyLog] = []
        for index in 0..<count(1800) {
            let date = start.addingTimeInterval(Double(index) * day)
            let energy = Int(random.next() % 5) + 1
            let sleep = Int(random.next() % 5) + 1
            let stress = Int(random.next() % 5) + 1
            let weight: Double = 70 + Double(random.next() % 100) / 10
            let steps = Int(random.next() % 15000)
            logs.append(
                DailyLog(
                    userID: user.id, day: String(ISO8601.string(from: date).prefix(10)), energy: energy, sleepQuality: sleep,
                    stress: stress, mood: "good", weightKg: weight, steps: steps))
        }
        let conversation = UUID()
        var messages: [CoachMessage] = []
        for index in 0..<count(50000) {
            let fromUser = index % 2 == 0
            let repeats = 1 + Int(random.next() % 12)
            let createdAt = start.addingTimeInterval(Double(index) * 3000)
            messages.append(
                CoachMessage(
                    userID: user.id, conversationID: conversation, role: fromUser ? .user : .assistant,
                    content: String(repeating: "Coach message text. ", count: repeats), model: fromUser ? nil : "gpt-4o",
                    inputTokens: 300, outputTokens: 120, createdAt: createdAt))
        }
        return ExportArchive(
            exportedAt: Date(), user: user, onboardingProfile: nil, workouts: workouts, foodEntries: meals, dailyLogs: logs,
            coachMessages: messages)
    }
}
