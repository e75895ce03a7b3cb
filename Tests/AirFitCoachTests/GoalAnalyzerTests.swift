import AirFitAI
import AirFitCore
import Foundation
import Testing

@testable import AirFitCoach

@Suite("Goal analysis (LLM call 1)")
struct GoalAnalyzerTests {
    let selection = CoachModelSelection(provider: .openai, model: "gpt-test", key: "sk-test")
    let text = "I want to run a sub-25 minute 5k by June because my daughter runs"
    let valid =
        #"{"goalType":"endurance","primaryMetric":"5k_time","timeframe":"by June","specificTarget":"sub-25 minute 5k","whyImportant":"my daughter runs"}"#

    @Test("A valid JSON answer becomes the goal, marked as coming from the model")
    func validAnswer() async {
        let streamer = ScriptedStreamer([ScriptedStreamer.text("```json\n\(valid)\n```")])
        let result = await GoalAnalyzer(streamer: streamer).analyze(text, selection: selection)
        #expect(
            result.goal
                == StructuredGoal(
                    goalType: "endurance", primaryMetric: "5k_time", timeframe: "by June", specificTarget: "sub-25 minute 5k",
                    whyImportant: "my daughter runs", source: .llm))
        #expect(result.attempts == 1 && result.fallbackReason == nil)
        let request = streamer.requests[0]
        #expect(request.systemPrompt?.contains("Reply with only one JSON object") == true)
        #expect(request.messages == [.user(GoalAnalyzer.question(text))])
        #expect(request.tools.isEmpty)
    }

    @Test("An invalid answer is retried once with the problem named, then the valid one is used")
    func invalidThenValid() async {
        let streamer = ScriptedStreamer([
            ScriptedStreamer.text(#"{"goalType":"fly","primaryMetric":"wings"}"#), ScriptedStreamer.text(valid),
        ])
        let result = await GoalAnalyzer(streamer: streamer).analyze(text, selection: selection)
        #expect(result.goal.source == .llm && result.goal.goalType == "endurance")
        #expect(result.attempts == 2)
        guard case .user(let correction)? = streamer.requests.last?.messages.last else { Issue.record("no correction"); return }
        #expect(correction.contains("goalType \"fly\" is not one of"))
    }

    @Test("Garbage twice falls back to the local analysis, marked local, with the reason")
    func garbage() async {
        let streamer = ScriptedStreamer([ScriptedStreamer.text("Sure! Running is great."), ScriptedStreamer.text("{not json}")])
        let result = await GoalAnalyzer(streamer: streamer).analyze(text, selection: selection)
        #expect(result.goal == LocalGoalAnalyzer.analyze(text))
        #expect(result.goal.source == .local)
        #expect(result.attempts == 2)
        #expect(result.fallbackReason?.hasPrefix("The model's answer was unusable twice: ") == true)
    }

    // The hung provider never ends on its own (an hour), so the timeout is what ends the call; the time limit catches a
    // timeout that doesn't work, without timing a loaded machine.
    @Test("With no provider, a provider error or a timeout, the local analysis is used at once", .timeLimit(.minutes(1)))
    func offline() async {
        let none = await GoalAnalyzer(streamer: ScriptedStreamer([])).analyze(text, selection: nil)
        #expect(none.goal.source == .local && none.attempts == 0 && none.fallbackReason == "No AI provider is set up.")
        let failing = ScriptedStreamer([.fail([], ServiceError.networkUnavailable)])
        let failed = await GoalAnalyzer(streamer: failing).analyze(text, selection: selection)
        #expect(failed.goal == LocalGoalAnalyzer.analyze(text))
        #expect(failed.fallbackReason == "Network connection is unavailable")
        let slow = await GoalAnalyzer(streamer: ScriptedStreamer([.hang([])]), timeout: .milliseconds(100)).analyze(
            text, selection: selection)
        #expect(slow.goal.source == .local && slow.fallbackReason == "Request timed out")
    }

    @Test("The parser accepts nulls and trims, and rejects answers missing fields")
    func parser() {
        let goal = try? GoalAnalyzer.parse(
            #"Here: {"goalType":" Strength ","primaryMetric":"squat_1rm","timeframe":null,"specificTarget":" ","whyImportant":"null"}"#
        ).get()
        #expect(goal == StructuredGoal(goalType: "strength", primaryMetric: "squat_1rm"))
        guard case .failure(let problem) = GoalAnalyzer.parse(#"{"goalType":"strength"}"#) else { Issue.record("accepted"); return }
        #expect(problem.message.contains("primaryMetric"))
    }
}
