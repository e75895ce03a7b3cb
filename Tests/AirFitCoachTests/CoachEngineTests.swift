import AirFitAI
import AirFitCore
import AirFitStore
import Foundation
import Testing

@testable import AirFitCoach

@Suite("Coach chat engine (SQLite)")
struct CoachEngineTests {
    @Test("A plain reply streams, and both messages are stored complete with model and token usage")
    func plainReply() async throws {
        try await CoachFixture.with([ScriptedStreamer.text("Nice work today!", input: 120, output: 6)]) { fixture in
            let events = try await fixture.send("  I ran 5k  ")
            #expect(events.text == "Nice work today!")
            guard case .finished(let reply) = events.last else { Issue.record("no finish: \(events)"); return }
            let stored = try await fixture.stored()
            #expect(stored.map(\.role) == [.user, .assistant])
            #expect(stored[0].content == "I ran 5k")
            #expect(stored[1].id == reply.id && stored[1].content == reply.content && stored[1].isComplete)
            #expect(reply.content == "Nice work today!")
            #expect(reply.isComplete && reply.incompleteReason == nil)
            #expect(reply.model == "gpt-test")
            #expect(reply.inputTokens == 120 && reply.outputTokens == 6)
            let request = try #require(fixture.streamer.requests.first)
            #expect(request.model == "gpt-test")
            #expect(request.messages == [.user("I ran 5k")])
            #expect(request.systemPrompt?.contains("You are AirFit Coach, the personal fitness coach of Ada") == true)
            #expect(request.tools.map(\.name) == ToolRegistry.standard.definitions.map(\.name))
            #expect(fixture.streamer.keys == ["sk-test-0123456789abcdefghijkl"])
        }
    }

    @Test("The model calls each tool in turn; the data lands in the database and the results go back to the model")
    func everyTool() async throws {
        let scripts: [ScriptedStreamer.Script] = [
            ScriptedStreamer.tool("logWorkout", id: "c1", arguments: #"{"type":"run","durationMinutes":30}"#, text: "Logging that. "),
            ScriptedStreamer.tool(
                "logMeal", id: "c2", arguments: #"{"mealType":"lunch","items":[{"name":"Salad","calories":420,"proteinGrams":30}]}"#),
            ScriptedStreamer.tool("logDailyMetrics", id: "c3", arguments: #"{"energy":4,"sleepQuality":3,"mood":"good","weight":70.5}"#),
            ScriptedStreamer.tool("getRecentActivity", id: "c4", arguments: #"{"days":7}"#),
            ScriptedStreamer.tool(
                "updateGoal", id: "c5",
                arguments: #"{"aspiration":"Run a sub-25 5k","goalType":"endurance","primaryMetric":"5k_time","specificTarget":"sub-25"}"#),
            ScriptedStreamer.text("All logged."),
        ]
        try await CoachFixture.with(scripts) { fixture in
            try await OnboardingCompletion(repository: fixture.store, analyzer: GoalAnalyzer(streamer: fixture.streamer))
                .complete(OnboardingDraft(), user: fixture.user)
            let events = try await fixture.send("Log my day please")
            #expect(events.text == "Logging that. All logged.")
            let finished = events.compactMap {
                if case .toolFinished(let id, let name, _, let isError, _) = $0 { (id, name, isError) } else { nil }
            }
            #expect(finished.map(\.0) == ["c1", "c2", "c3", "c4", "c5"])
            let failures = events.compactMap {
                if case .toolFinished(_, let name, _, true, let result) = $0 { "\(name): \(result)" } else { nil }
            }
            #expect(failures.isEmpty, "\(failures)")
            let workouts = try await fixture.store.workouts(userID: fixture.user.id, query: RecordQuery())
            #expect(workouts.map(\.type) == ["run"])
            let meals = try await fixture.store.foodEntries(userID: fixture.user.id, query: RecordQuery())
            #expect(meals.first?.totalCalories == 420)
            let logs = try await fixture.store.dailyLogs(userID: fixture.user.id, fromDay: nil, toDay: nil, query: RecordQuery())
            #expect(logs.first?.energy == 4 && logs.first?.weightKg == 70.5)
            let persona = try #require(try await fixture.store.onboardingProfile(userID: fixture.user.id)).persona()
            #expect(persona.coreAspiration == "Run a sub-25 5k" && persona.structuredGoal?.specificTarget == "sub-25")
            let stored = try await fixture.stored()
            let loop: [MessageRole] = (0..<5).flatMap { _ in [MessageRole.assistant, .tool] }
            let expectedRoles: [MessageRole] = [.user] + loop + [.assistant]
            #expect(stored.map(\.role) == expectedRoles)
            #expect(stored.allSatisfy { $0.isComplete })
            #expect(
                stored[1].toolCalls == [
                    ToolCallRecord(id: "c1", name: "logWorkout", argumentsJSON: #"{"type":"run","durationMinutes":30}"#)
                ])
            #expect(stored[2].toolCallID == "c1")
            // The sixth request carries the whole loop: the person, then five call/result pairs.
            let last = try #require(fixture.streamer.requests.last)
            #expect(fixture.streamer.requests.count == 6)
            #expect(last.messages.count == 11)
            guard case .assistant(let text, let calls) = last.messages[1],
                case .toolResult(let callID, let name, let content) = last.messages[2]
            else { Issue.record("unexpected shape \(last.messages)"); return }
            #expect(text == "Logging that. " && calls.map(\.id) == ["c1"])
            #expect(callID == "c1" && name == "logWorkout" && content.contains("\"type\":\"run\""))
        }
    }

    @Test("Invalid tool arguments are answered to the model as a tool error, and the reply still completes")
    func invalidArguments() async throws {
        let scripts: [ScriptedStreamer.Script] = [
            ScriptedStreamer.tool("logWorkout", id: "bad", arguments: #"{"type":"run","durationMinutes":"long"}"#),
            ScriptedStreamer.tool("noSuchTool", id: "ghost", arguments: "{}"),
            ScriptedStreamer.text("Sorry, how long was the run?"),
        ]
        try await CoachFixture.with(scripts) { fixture in
            let events = try await fixture.send("I ran")
            let errors = events.compactMap { if case .toolFinished(_, _, _, true, let result) = $0 { result } else { nil } }
            #expect(errors.count == 2)
            #expect(errors[0].contains("durationMinutes"))
            #expect(errors[1].contains("no tool named noSuchTool"))
            guard case .finished(let reply) = events.last else { Issue.record("no finish"); return }
            #expect(reply.content == "Sorry, how long was the run?")
            #expect(try await fixture.store.workouts(userID: fixture.user.id, query: RecordQuery()).isEmpty)
        }
    }

    @Test("The tool loop stops after five rounds: the sixth request offers no tools")
    func boundedLoop() async throws {
        let looping = ScriptedStreamer.tool("getRecentActivity", id: "again", arguments: #"{"days":7}"#)
        try await CoachFixture.with(Array(repeating: looping, count: 5) + [ScriptedStreamer.text("Here is your week.")]) { fixture in
            let events = try await fixture.send("What did I do?")
            #expect(fixture.streamer.requests.count == CoachEngine.maxToolRounds + 1)
            #expect(fixture.streamer.requests.dropLast().allSatisfy { !$0.tools.isEmpty })
            #expect(fixture.streamer.requests.last?.tools.isEmpty == true)
            guard case .finished(let reply) = events.last else { Issue.record("no finish"); return }
            #expect(reply.content == "Here is your week.")
        }
    }

    @Test("A stream dropped mid-reply is stored incomplete with what arrived, and the person is told why")
    func droppedStream() async throws {
        let script = ScriptedStreamer.Script.fail(
            [.textDelta("Great question. First, warm up")], ServiceError.streamingError("connection lost: reset by peer"))
        try await CoachFixture.with([script]) { fixture in
            let events = try await fixture.send("How do I start running?")
            guard case .incomplete(let message, let reason) = events.last else { Issue.record("not incomplete: \(events)"); return }
            #expect(reason == "The connection to OpenAI (api.openai.com) broke during the reply (connection lost: reset by peer). Retry.")
            let stored = try await fixture.stored()
            #expect(stored.count == 2)
            #expect(stored[1].id == message.id)
            #expect(stored[1].content == "Great question. First, warm up")
            #expect(!stored[1].isComplete && stored[1].incompleteReason == reason)
        }
    }

    @Test("An error reported inside the stream marks the reply incomplete; tool calls in it are not run")
    func inStreamError() async throws {
        let script = ScriptedStreamer.Script.events([
            .textDelta("Let me log"),
            .toolCallComplete(index: 0, id: "x", name: "logWorkout", argumentsJSON: #"{"type":"run","durationMinutes":5}"#),
            .error(code: "overloaded_error", message: "Overloaded"),
        ])
        try await CoachFixture.with([script]) { fixture in
            let events = try await fixture.send("ran 5 min")
            guard case .incomplete(let message, let reason) = events.last else { Issue.record("not incomplete"); return }
            #expect(reason == "OpenAI (api.openai.com) reported an error: Overloaded")
            #expect(message.toolCalls.isEmpty && message.content == "Let me log")
            #expect(try await fixture.store.workouts(userID: fixture.user.id, query: RecordQuery()).isEmpty)
        }
    }

    @Test("Stopping the reply cancels the provider stream and stores the partial reply as stopped")
    func stop() async throws {
        try await CoachFixture.with([.hang([.textDelta("Partial ")])]) { fixture in
            let (started, signal) = AsyncStream.makeStream(of: Void.self)
            let consumer = Task {
                for try await event in fixture.engine.reply(
                    to: "Tell me a long story", conversationID: fixture.conversation, user: fixture.user)
                {
                    if case .textDelta = event { signal.yield() }
                }
            }
            for await _ in started { break }
            // Cancelling the consumer (the stop button, a closed page) cancels the engine; the partial reply is stored shortly after.
            consumer.cancel()
            var stored: [CoachMessage] = []
            for _ in 0..<100 {
                stored = try await fixture.stored()
                if stored.count == 2, stored[1].incompleteReason != "The reply is still being written." { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(stored.count == 2)
            #expect(stored.last?.content == "Partial ")
            #expect(stored.last?.isComplete == false)
            #expect(stored.last?.incompleteReason == "You stopped the reply.")
        }
    }

    @Test("A provider that cannot be reached is named with its host and what to check, not blamed on the person's network")
    func unreachableProviderIsNamed() async throws {
        try await CoachFixture.with([.fail([], ServiceError.networkUnavailable)]) { fixture in
            let events = try await fixture.send("Hello")
            guard case .incomplete(_, let reason) = events.last else { Issue.record("not incomplete: \(events)"); return }
            #expect(reason.hasPrefix("OpenAI (api.openai.com) could not be reached."))
            #expect(reason.contains("Settings → AI provider") && !reason.contains("Network connection is unavailable"))
        }
    }

    @Test(
        "A reply cut by a closed page or a stopping server is stored with that reason, not as stopped by the person",
        arguments: [ReplyInterruption.connectionLost, .serverStopping])
    func interruptionReasons(interruption: ReplyInterruption) async throws {
        try await CoachFixture.with([.hang([.textDelta("Partial ")])]) { fixture in
            let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
            let signal = ReplySignal(ifCancelled: .stoppedByYou)
            let reply = Task {
                try await fixture.engine.reply(
                    to: "Tell me a long story", conversationID: fixture.conversation, user: fixture.user, signal: signal
                ) { event in
                    if case .textDelta = event { startedSignal.yield() }
                }
            }
            for await _ in started { break }
            signal.interrupt(interruption)
            signal.interrupt(.stoppedByYou)  // a later reason does not replace the first
            reply.cancel()
            try await reply.value
            let stored = try await fixture.stored()
            #expect(stored.last?.content == "Partial ")
            #expect(stored.last?.isComplete == false)
            #expect(stored.last?.incompleteReason == interruption.reason)
        }
    }

    @Test("While a reply streams, the text so far is already stored as still being written")
    func partialTextIsStoredWhileStreaming() async throws {
        try await CoachFixture.with(
            [.hang([.textDelta("Once upon "), .textDelta("a time")])], partialReplies: .init(bytes: 8, interval: 60)
        ) {
            fixture in
            let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
            let reply = Task {
                try await fixture.engine.reply(to: "Tell me a story", conversationID: fixture.conversation, user: fixture.user) { event in
                    if case .textDelta("a time") = event { startedSignal.yield() }
                }
            }
            for await _ in started { break }
            var stored: [CoachMessage] = []
            // The write follows the event; a killed server would leave this row behind.
            for _ in 0..<100 {
                stored = try await fixture.stored()
                if stored.last?.content == "Once upon " { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(stored.last?.content == "Once upon ")
            #expect(stored.last?.incompleteReason == ReplyInterruption.stillWriting)
            reply.cancel()
            try await reply.value
            let final = try await fixture.stored()
            #expect(final.last?.content == "Once upon a time" && final.last?.incompleteReason == ReplyInterruption.stoppedByYou.reason)
        }
    }

    @Test("Only the last 20 turns are sent; an incomplete reply is left out of the history and can be retried")
    func historyWindowAndRetry() async throws {
        let dropped = ScriptedStreamer.Script.fail([.textDelta("half")], ServiceError.timeout)
        let scripts = (0..<24).map { ScriptedStreamer.text("reply \($0)") } + [dropped, ScriptedStreamer.text("whole answer")]
        try await CoachFixture.with(scripts) { fixture in
            for index in 0..<24 { _ = try await fixture.send("message \(index)") }
            let last = try #require(fixture.streamer.requests.last)
            #expect(last.messages.count == 39)  // 20 turns: 19 earlier ones of two messages, plus the new message
            #expect(last.messages.first == .user("message 4"))
            #expect(last.messages.last == .user("message 23"))
            let broken = try await fixture.send("message 24")
            guard case .incomplete(_, let reason) = broken.last else { Issue.record("not incomplete"); return }
            #expect(
                reason
                    == "OpenAI (api.openai.com) did not answer in time. Retry; if it keeps happening, check that the server is not overloaded."
            )
            var retried: [CoachEvent] = []
            for try await event in fixture.engine.retry(conversationID: fixture.conversation, user: fixture.user) { retried.append(event) }
            #expect(retried.text == "whole answer")
            let retryRequest = try #require(fixture.streamer.requests.last)
            #expect(retryRequest.messages.last == .user("message 24"))
            #expect(!retryRequest.messages.contains(.assistant(text: "half")))
            let stored = try await fixture.stored()
            #expect(stored.filter { $0.role == .user }.count == 25)
            #expect(stored.suffix(2).map(\.content) == ["half", "whole answer"])
        }
    }

    @Test("Retry refuses when the conversation does not end with an unanswered message")
    func retryNothing() async throws {
        try await CoachFixture.with([ScriptedStreamer.text("hi")]) { fixture in
            _ = try await fixture.send("hello")
            await #expect(throws: CoachError.invalidMessage("There is no unanswered message to retry.")) {
                for try await _ in fixture.engine.retry(conversationID: fixture.conversation, user: fixture.user) {}
            }
        }
    }

    @Test("Without a provider or key the engine says what to do and stores nothing")
    func notConfigured() async throws {
        try await CoachFixture.with([], provider: nil) { fixture in
            await #expect(throws: CoachError.noProvider) { _ = try await fixture.send("hi") }
            let stored = try await fixture.stored()
            #expect(stored.isEmpty)
        }
        try await CoachFixture.with([], provider: "anthropic", key: nil) { fixture in
            await #expect(throws: CoachError.missingKey(provider: "Anthropic Claude")) { _ = try await fixture.send("hi") }
        }
        try await CoachFixture.with([]) { fixture in
            await #expect(throws: CoachError.invalidMessage("Write a message first.")) { _ = try await fixture.send("   ") }
            #expect(fixture.streamer.requests.isEmpty)
        }
    }

    @Test("The system prompt carries the onboarded persona and the last week's logs")
    func promptContext() async throws {
        try await CoachFixture.with([ScriptedStreamer.text("ok")]) { fixture in
            var draft = OnboardingDraft()
            draft.aspirationCard = .endurance
            draft.coachingStyle = CoachingStylePreferences(
                authoritativeDirect: 0.1, empatheticEncouraging: 0.1, analyticalPrecise: 0.1, playfulMotivating: 0.7)
            try await OnboardingCompletion(repository: fixture.store, analyzer: GoalAnalyzer(streamer: fixture.streamer)).complete(
                draft, user: fixture.user)
            try await fixture.store.addWorkout(
                Workout(
                    userID: fixture.user.id, type: "cycling", startedAt: CoachFixture.now.addingTimeInterval(-86_400), durationMinutes: 42))
            _ = try await fixture.send("hi")
            let prompt = try #require(fixture.streamer.requests.first?.systemPrompt)
            #expect(prompt.contains("Their core aspiration: \"Improve Endurance\"."))
            #expect(prompt.contains("Playfully Provocative"))
            #expect(prompt.contains("- Mon 9 Mar: workout cycling, 42 min"))
        }
    }
}

@Suite("Coach engine: bounded replies")
struct CoachEngineBoundTests {
    @Test("A provider that streams without end is stopped at 256 KB; the stored reply is cut there and marked with the reason")
    func endlessReplyIsBounded() async throws {
        let piece = String(repeating: "endless ", count: 1024)  // 8 KB
        let events = Array(repeating: StreamEvent.textDelta(piece), count: 80) + [.finish(.stop)]  // 640 KB
        try await CoachFixture.with([.events(events)]) { fixture in
            _ = try await fixture.send("talk forever")
            let stored = try await fixture.stored()
            let reply = try #require(stored.last { $0.role == .assistant })
            #expect(!reply.isComplete)
            #expect(reply.incompleteReason == StoredReply.cutReason)
            #expect(reply.content.utf8.count <= StoredReply.maximumBytes)
            #expect(reply.content.utf8.count > StoredReply.maximumBytes - piece.utf8.count)
        }
    }

    @Test("A NUL byte in a message is removed before it is stored")
    func nulInMessage() async throws {
        try await CoachFixture.with([ScriptedStreamer.text("ok", input: 1, output: 1)]) { fixture in
            _ = try await fixture.send("before\u{0}after")
            let stored = try await fixture.stored()
            #expect(stored.first { $0.role == .user }?.content == "beforeafter")
        }
    }
}
