import AirFitCore
import Foundation
import Testing

@Suite("AchievementRule")
struct AchievementRuleTests {
    private static let bench = Achievement.personalBest(exercise: "Bench press", value: 100, unit: "kg")
    private static let streak = Achievement.streak(days: 7)
    private static let halfway = Achievement.goalMilestone(goal: "Run a 10K", percent: 50)
    private static let done = Achievement.goalMilestone(goal: "Run a 10K", percent: 100)

    @Test(
        "Each style celebrates in its own words",
        arguments: [
            (AchievementStyle.enthusiasticCelebration, bench, "New personal best: Bench press 100 kg! Brilliant work!"),
            (.subtleAffirming, bench, "Nice work: a new best on Bench press, 100 kg."),
            (.dataFocused, bench, "Personal best: Bench press 100 kg."),
            (.enthusiasticCelebration, streak, "7 days in a row! You're on fire, keep it going!"),
            (.subtleAffirming, streak, "7 days in a row. Steady and strong."),
            (.dataFocused, streak, "Streak: 7 consecutive days logged."),
            (.enthusiasticCelebration, halfway, "50% of the way to Run a 10K! Amazing progress!"),
            (.subtleAffirming, halfway, "50% of the way to Run a 10K. Good progress."),
            (.dataFocused, halfway, "Goal progress: Run a 10K at 50%."),
            (.enthusiasticCelebration, done, "You did it: Run a 10K is done! Huge congratulations!"),
            (.subtleAffirming, done, "Goal reached: Run a 10K. Well done."),
            (.dataFocused, done, "Goal progress: Run a 10K at 100%."),
        ])
    func wording(style: AchievementStyle, achievement: Achievement?, expected: String) throws {
        let rule = AchievementRule(style: style)
        #expect(rule.sendsNotifications)
        #expect(rule.text(for: try #require(achievement)) == expected)
    }

    @Test("A private member is sent no achievements at all", arguments: [bench, streak, halfway, done])
    func privateSendsNothing(achievement: Achievement?) throws {
        let rule = AchievementRule(style: .privateReflection)
        #expect(!rule.sendsNotifications)
        #expect(rule.text(for: try #require(achievement)) == nil)
    }

    @Test(
        "Weights read as people write them", arguments: [(102.5, "102.5"), (100, "100"), (102.54, "102.5"), (0.5, "0.5"), (99.96, "100")])
    func numbers(value: Double, shown: String) throws {
        let best = try #require(Achievement.personalBest(exercise: "Squat", value: value, unit: "kg"))
        #expect(AchievementRule(style: .dataFocused).text(for: best) == "Personal best: Squat \(shown) kg.")
    }

    @Test("Nonsense achievements are refused")
    func refused() {
        #expect(Achievement.streak(days: 1) == nil)
        #expect(Achievement.streak(days: 0) == nil)
        #expect(Achievement.streak(days: -3) == nil)
        #expect(Achievement.goalMilestone(goal: "Run", percent: 0) == nil)
        #expect(Achievement.goalMilestone(goal: "Run", percent: 101) == nil)
        #expect(Achievement.goalMilestone(goal: "  ", percent: 50) == nil)
        #expect(Achievement.personalBest(exercise: "Squat", value: 0, unit: "kg") == nil)
        #expect(Achievement.personalBest(exercise: "Squat", value: -5, unit: "kg") == nil)
        #expect(Achievement.personalBest(exercise: "Squat", value: .nan, unit: "kg") == nil)
        #expect(Achievement.personalBest(exercise: "Squat", value: .infinity, unit: "kg") == nil)
        #expect(Achievement.personalBest(exercise: "Squat", value: 1_000_000, unit: "kg") == nil)
        #expect(Achievement.personalBest(exercise: "", value: 100, unit: "kg") == nil)
        #expect(Achievement.personalBest(exercise: "Squat", value: 100, unit: " ") == nil)
        #expect(Achievement.streak(days: 2)?.kind == .streak(days: 2))
        #expect(
            Achievement.personalBest(exercise: " Squat ", value: 100, unit: "kg")?.kind
                == .personalBest(exercise: "Squat", value: 100, unit: "kg"))
    }
}
