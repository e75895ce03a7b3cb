import AirFitAI
import AirFitCore
import AirFitStore
import Foundation
import Testing

@testable import AirFitCoach

@Suite("Coach tools that change entries")
struct EntryToolTests {
    let now = ISO8601.date(from: "2026-03-10T18:00:00Z")!

    private func context(turn: ToolTurn = ToolTurn()) async throws -> (ToolContext, Workout) {
        let store = InMemoryStore()
        let user = User(name: "Ada", preferredUnits: .metric, timeZone: "UTC")
        try await store.createUser(user)
        let workout = Workout(userID: user.id, type: "run", startedAt: now.addingTimeInterval(-3600), durationMinutes: 30, notes: "easy")
        try await store.addWorkout(workout)
        return (ToolContext(user: user, repository: store, now: now, turn: turn), workout)
    }

    private func json(_ outcome: ToolOutcome) throws -> JSONValue { try JSONValue(data: Data(outcome.resultJSON.utf8)) }

    @Test("updateEntry changes only the fields given, and its card links to the entry")
    func update() async throws {
        let (context, workout) = try await context()
        let outcome = await ToolRegistry.standard.dispatch(
            name: "updateEntry", argumentsJSON: #"{"kind":"workout","id":"\#(workout.id.uuidString)","durationMinutes":45}"#,
            context: context)
        #expect(!outcome.isError && outcome.card == "Updated workout: Run, 45 min")
        let stored = try #require(try await context.repository.workout(id: workout.id, userID: context.user.id))
        #expect(stored.durationMinutes == 45 && stored.notes == "easy" && stored.startedAt == workout.startedAt)
        #expect(ToolOutcome.entry(inResult: outcome.resultJSON) == EntryReference(kind: .workout, id: workout.id))
    }

    @Test(
        "updateEntry refuses what logging would refuse, an unknown id and someone else's entry, and changes nothing",
        arguments: [
            (#"{"kind":"workout","id":"ID","durationMinutes":5000}"#, "Duration must be between 1 and 1440 minutes (got 5000)."),
            (#"{"kind":"workout","id":"ID","startedAt":"2027-01-01T00:00:00Z"}"#, "The start is in the future"),
            (#"{"kind":"meal","id":"ID","mealType":"brunch"}"#, "There is no meal with that id"),
            (#"{"kind":"workout","id":"not-an-id"}"#, "id must be an entry id"),
            (#"{"kind":"nap","id":"ID"}"#, "kind must be one of workout, meal, checkin"),
            (#"{"kind":"workout","id":"\#(UUID().uuidString)","durationMinutes":20}"#, "There is no workout with that id"),
        ])
    func updateRefused(arguments: String, message: String) async throws {
        let (context, workout) = try await context()
        let outcome = await ToolRegistry.standard.dispatch(
            name: "updateEntry", argumentsJSON: arguments.replacingOccurrences(of: "\"ID\"", with: "\"\(workout.id.uuidString)\""),
            context: context)
        #expect(outcome.isError)
        #expect(try json(outcome)["error"]?.stringValue?.contains(message) == true, "\(outcome.resultJSON)")
        #expect(try await context.repository.workout(id: workout.id, userID: context.user.id) == workout)
    }

    @Test("deleteEntry deletes nothing until the person answers: a code from this turn is refused, one from before is taken")
    func deleteNeedsAnAnswer() async throws {
        let asked = UUID()
        let answered = UUID()
        let (first, workout) = try await context(turn: ToolTurn(current: asked, earlier: []))
        let arguments = #"{"kind":"workout","id":"\#(workout.id.uuidString)"}"#
        let question = await ToolRegistry.standard.dispatch(name: "deleteEntry", argumentsJSON: arguments, context: first)
        #expect(!question.isError && question.card == nil)
        let code = try #require(try json(question)["confirmation"]?.stringValue)
        #expect(try json(question)["entry"]?.stringValue == "Run, 30 min")
        let withCode = #"{"kind":"workout","id":"\#(workout.id.uuidString)","confirmation":"\#(code)"}"#
        let tooSoon = await ToolRegistry.standard.dispatch(name: "deleteEntry", argumentsJSON: withCode, context: first)
        #expect(tooSoon.isError && tooSoon.resultJSON.contains("has not answered yet"))
        #expect(try await first.repository.workout(id: workout.id, userID: first.user.id) != nil)

        var second = first
        second.turn = ToolTurn(current: answered, earlier: [asked])
        let wrong = await ToolRegistry.standard.dispatch(
            name: "deleteEntry", argumentsJSON: withCode.replacingOccurrences(of: code, with: "0000beef"), context: second)
        #expect(wrong.isError && wrong.resultJSON.contains("not for this entry"))
        let deleted = await ToolRegistry.standard.dispatch(name: "deleteEntry", argumentsJSON: withCode, context: second)
        #expect(!deleted.isError && deleted.card == "Deleted workout: Run, 30 min")
        #expect(try await second.repository.workout(id: workout.id, userID: second.user.id) == nil)
        #expect(ToolOutcome.entry(inResult: deleted.resultJSON) == nil, "a deleted entry's card links nowhere")
        let again = await ToolRegistry.standard.dispatch(name: "deleteEntry", argumentsJSON: withCode, context: second)
        #expect(again.isError)
    }

    @Test("In a conversation, the coach asks, the person says yes, and only then is the workout deleted")
    func deleteInConversation() async throws {
        /// The code from the first deleteEntry result the model was sent.
        @Sendable func code(_ request: ChatRequest) -> String {
            for message in request.messages {
                if case .toolResult(_, "deleteEntry", let content) = message, let value = try? JSONValue(data: Data(content.utf8)),
                    let code = value["confirmation"]?.stringValue
                {
                    return code
                }
            }
            return "none"
        }
        let workoutID = UUID()
        let arguments = #"{"kind":"workout","id":"\#(workoutID.uuidString)"}"#
        let confirmed: @Sendable (ChatRequest) -> ScriptedStreamer.Script = { request in
            ScriptedStreamer.tool(
                "deleteEntry", id: "d\(request.messages.count)",
                arguments: #"{"kind":"workout","id":"\#(workoutID.uuidString)","confirmation":"\#(code(request))"}"#)
        }
        let scripts: [ScriptedStreamer.Script] = [
            ScriptedStreamer.tool("deleteEntry", id: "d1", arguments: arguments), .reading(confirmed),
            ScriptedStreamer.text("Delete your 30-minute run?"), .reading(confirmed), ScriptedStreamer.text("Done, it's gone."),
        ]
        try await CoachFixture.with(scripts) { fixture in
            try await fixture.store.addWorkout(
                Workout(
                    id: workoutID, userID: fixture.user.id, type: "run", startedAt: CoachFixture.now.addingTimeInterval(-600),
                    durationMinutes: 30))
            let asking = try await fixture.send("Delete today's run")
            let refusals = asking.compactMap { if case .toolFinished(_, "deleteEntry", _, true, let result) = $0 { result } else { nil } }
            #expect(refusals.count == 1 && refusals[0].contains("has not answered yet"))
            #expect(try await fixture.store.workout(id: workoutID, userID: fixture.user.id) != nil, "asking deletes nothing")

            let answer = try await fixture.send("Yes, delete it")
            let cards = answer.compactMap { if case .toolFinished(_, "deleteEntry", let card, false, _) = $0 { card } else { nil } }
            #expect(cards == ["Deleted workout: Run, 30 min"])
            #expect(try await fixture.store.workout(id: workoutID, userID: fixture.user.id) == nil)
        }
    }
}
