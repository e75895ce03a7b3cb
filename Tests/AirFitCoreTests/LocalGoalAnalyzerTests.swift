import Testing

@testable import AirFitCore

@Suite("Local goal analysis")
struct LocalGoalAnalyzerTests {
    @Test(
        "Free text becomes a structured goal without an LLM",
        arguments: [
            ("Lose 10 kg by summer so I can keep up with my kids", "weight_loss", "10 kg", "by summer", "keep up with my kids"),
            ("Run a sub-2 hour half marathon in 12 weeks", "endurance", "sub-2 hour", "in 12 weeks", nil),
            ("Run a sub-25 minute 5k by June", "endurance", "sub-25 minute", "by June", nil),
            ("Get back to pain-free walking after knee surgery", "recovery", nil, nil, nil),
            ("Deadlift 140kg before December because I love lifting", "strength", "140kg", "before December", "I love lifting"),
            ("Feel more energetic this year", "general_health", nil, "this year", nil),
            ("Something vague", "general_fitness", nil, nil, nil),
        ] as [(String, String, String?, String?, String?)])
    func analyze(text: String, type: String, target: String?, timeframe: String?, why: String?) {
        let goal = LocalGoalAnalyzer.analyze(text)
        #expect(goal.goalType == type)
        #expect(goal.specificTarget == target)
        #expect(goal.timeframe == timeframe)
        #expect(goal.whyImportant == why)
        #expect(goal.source == .local)
    }
}
