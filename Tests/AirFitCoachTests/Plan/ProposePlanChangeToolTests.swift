import AirFitCore
import Foundation
import Testing

@testable import AirFitCoach

@Suite("The coach's proposePlanChange tool")
struct ProposePlanChangeToolTests {
    typealias F = PlanCoachFixture

    func propose(_ arguments: String, _ fixture: PlanCoachFixture, withPlan: Bool = true) async -> ToolOutcome {
        await ToolRegistry.standard.dispatch(
            name: "proposePlanChange", argumentsJSON: arguments, context: fixture.context(withPlan: withPlan))
    }

    static let badArguments: [(arguments: String, message: String)] = [
        (#"{"kind":"bulk","exercise":"Back Squat","loadKg":110,"reason":"More."}"#, "kind must be one of progression, deload, schedule"),
        (#"{"kind":"goal_pace","reason":"Later."}"#, "kind must be one of"),
        (#"{"kind":"progression","exercise":"Back Squat","loadKg":110}"#, "reason"),
        (#"{"kind":"progression","exercise":"Back Squat","loadKg":110,"reason":"  \n "}"#, "reason must be one sentence of 1 to 300"),
        (#"{"kind":"progression","exercise":"Back Squat","loadKg":110,"reason":"\#(String(repeating: "a", count: 301))"}"#, "1 to 300"),
        (#"{"kind":"progression","loadKg":110,"reason":"More."}"#, "exercise is required for a progression"),
        (#"{"kind":"deload","exercise":"Deadlift","loadKg":90,"reason":"Rest."}"#, #"no exercise named "Deadlift"; it lists: Back Squat"#),
        (
            #"{"kind":"progression","exercise":"Back Squat","sets":0,"reason":"More."}"#,
            "sets must be a whole number between 1 and 20 (got 0)"
        ),
        (
            #"{"kind":"progression","exercise":"Back Squat","sets":2.5,"reason":"More."}"#,
            "sets must be a whole number between 1 and 20 (got 2.5)"
        ),
        (
            #"{"kind":"progression","exercise":"Back Squat","reps":101,"reason":"More."}"#,
            "reps must be a whole number between 1 and 100 (got 101)"
        ),
        (#"{"kind":"progression","exercise":"Back Squat","loadKg":600,"reason":"More."}"#, "loadKg must be a number between 0 and 500"),
        (#"{"kind":"deload","exercise":"Back Squat","loadKg":-5,"reason":"Rest."}"#, "loadKg must be a number between 0 and 500"),
        (#"{"kind":"progression","exercise":"Back Squat","loadKg":1e400,"reason":"More."}"#, "Invalid arguments"),
        (#"{"kind":"progression","exercise":"Back Squat","minutes":40,"reason":"More."}"#, "Back Squat is a strength exercise"),
        (#"{"kind":"progression","exercise":"Back Squat","reason":"More."}"#, "give the proposed target for Back Squat"),
        (#"{"kind":"progression","exercise":"easy run","sets":4,"reason":"More."}"#, "Easy Run is a cardio exercise"),
        (
            #"{"kind":"progression","exercise":"Easy Run","kilometres":0.01,"reason":"More."}"#,
            "kilometres must be a number between 0.1 and 500"
        ),
        (#"{"kind":"progression","exercise":"Easy Run","minutes":601,"reason":"More."}"#, "minutes must be a number between 1 and 600"),
        (#"{"kind":"progression","exercise":"Back Squat","sets":3,"reason":"Same."}"#, "The proposal changes nothing."),
        (#"{"kind":"progression","exercise":"Back Squat","session":"Thursday","loadKg":110,"reason":"x"}"#, "in that session"),
        (#"{"kind":"schedule","session":"Thursday","toDay":"Saturday","reason":"Move."}"#, "a schedule change needs session"),
        (#"{"kind":"schedule","session":"Funday","toDay":"Saturday","toStart":"09:30","reason":"Move."}"#, "session must be a weekday"),
        (#"{"kind":"schedule","session":"Tuesday","toDay":"Saturday","toStart":"09:30","reason":"Move."}"#, "no session on Tuesday"),
        (
            #"{"kind":"schedule","session":"Thursday 07:00","toDay":"Sat","toStart":"09:30","reason":"Move."}"#,
            "no session on Thursday 07:00"
        ),
        (#"{"kind":"schedule","session":"Thursday","toDay":"Someday","toStart":"09:30","reason":"Move."}"#, "toDay must be a weekday"),
        (
            #"{"kind":"schedule","session":"Thursday","toDay":"Saturday","toStart":"25:00","reason":"Move."}"#,
            "toStart must be a 24-hour time"
        ),
        (#"{"kind":"schedule","session":"Thursday","toDay":"Saturday","toStart":"12:00","reason":"Move."}"#, "inside the times you said"),
        (#"{"kind":"schedule","session":"Thursday","toDay":"Monday","toStart":"07:00","reason":"Move."}"#, "inside the times you said"),
    ]

    @Test(
        "Arguments that are missing, out of range or not in the plan are refused with what to fix, and nothing is saved",
        arguments: badArguments)
    func refused(_ arguments: String, _ message: String) async throws {
        let fixture = try await F.make()
        let outcome = await propose(arguments, fixture)
        #expect(outcome.isError)
        let error = try #require(outcome.errorMessage)
        #expect(error.contains(message), "\(error)")
        #expect(outcome.card == nil)
        #expect(try await fixture.storedRecommendations().isEmpty)
        #expect(try await fixture.storedPlan() == fixture.plan)
    }

    @Test("A person who keeps their activity out of requests gets no plan proposals: the tool is withheld")
    func withheldWithActivityPrivate() {
        var user = User(timeZone: "UTC")
        #expect(!CoachContextPolicy(user: user).withheldTools.contains("proposePlanChange"))
        user.coachContextExclusions = [CoachContextItem.recentActivity.rawValue]
        #expect(CoachContextPolicy(user: user).withheldTools.contains("proposePlanChange"))
    }

    @Test("A proposal becomes a pending recommendation and the plan stays as it was, even with auto-pilot on")
    func pendingEvenUnderAutopilot() async throws {
        let fixture = try await F.make(autopilot: true)
        let outcome = await propose(
            #"{"kind":"progression","exercise":"back squat","loadKg":102.5,"reason":"You've owned 100 kg for two weeks.\nTime to climb."}"#,
            fixture)
        #expect(!outcome.isError, "\(outcome.resultJSON)")
        #expect(outcome.card == "Suggested: Back Squat 3 × 5 at 100 kg → 3 × 5 at 102.5 kg")
        let stored = try await fixture.storedRecommendations()
        let recommendation = try #require(stored.first)
        #expect(stored.count == 1)
        let (session, squat) = try #require(fixture.exercise("Back Squat"))
        #expect(
            recommendation.change
                == PlanChange(
                    kind: .progression, scope: .exercise(sessionID: session.id, exerciseID: squat.id),
                    before: .target(.strength(sets: 3, reps: 5, loadKilograms: 100)),
                    after: .target(.strength(sets: 3, reps: 5, loadKilograms: 102.5)), planVersion: fixture.plan.version))
        #expect(recommendation.status == .pendingReview && recommendation.appliedBy == nil)
        #expect(recommendation.reason == "You've owned 100 kg for two weeks. Time to climb.")
        #expect(try await fixture.storedPlan() == fixture.plan)
        let json = try outcome.json()
        #expect(json["id"] == .string(recommendation.id.uuidString))
        #expect(json["status"] == .string("pending_review"))
        #expect(json["note"]?.stringValue?.contains("Activity") == true)
        #expect(try await fixture.coordinator.pendingCount(for: fixture.user) == 1)
    }

    @Test("Fields the coach leaves out keep the current target; the card uses the person's units")
    func keepsUnspecifiedFields() async throws {
        let fixture = try await F.make(units: .imperial)
        let run = await propose(#"{"kind":"progression","exercise":"Easy Run","kilometres":5,"reason":"Add distance."}"#, fixture)
        #expect(run.card == "Suggested: Easy Run 30 min → 3.1 miles in 30 min")
        let curl = await propose(#"{"kind":"deload","exercise":"Biceps Curl","reps":8,"reason":"Ease off."}"#, fixture)
        #expect(curl.card == "Suggested: Biceps Curl 3 × 12 at 44.1 lbs → 3 × 8 at 44.1 lbs")
        let afters = try await fixture.storedRecommendations().map(\.change.after)
        #expect(Set(afters) == [.target(.cardio(minutes: 30, kilometres: 5)), .target(.strength(sets: 3, reps: 8, loadKilograms: 20))])
    }

    @Test("A schedule proposal moves the session to the new day and start, keeping its length")
    func schedule() async throws {
        let fixture = try await F.make()
        let outcome = await propose(
            #"{"kind":"schedule","session":"thu","toDay":"Saturday","toStart":"9:30","reason":"Saturdays suit you."}"#, fixture)
        #expect(outcome.card == "Suggested: Run session Thursday 18:00 → Saturday 09:30")
        let recommendation = try #require(try await fixture.storedRecommendations().first)
        let run = try #require(fixture.plan.sessions.first { $0.focus == .run })
        #expect(recommendation.change.scope == .session(sessionID: run.id))
        #expect(
            recommendation.change.after == .slot(SessionSlot(dayOfWeek: 7, startTime: TimeOfDay("09:30")!, endTime: TimeOfDay("11:00")!)))
        #expect(try await fixture.storedPlan() == fixture.plan)
    }

    @Test("An exercise planned in two sessions needs the session named")
    func ambiguousExercise() async throws {
        let fixture = try await F.make { userID in
            var plan = F.standardPlan(userID: userID)
            plan.sessions.append(
                PlannedSession(
                    slot: SessionSlot(F.saturday), focus: .legs,
                    exercises: [
                        PlannedExercise(name: "Back Squat", kind: .compound, target: .strength(sets: 5, reps: 5, loadKilograms: 80))
                    ]))
            return plan
        }
        let vague = await propose(#"{"kind":"progression","exercise":"Back Squat","loadKg":85,"reason":"Up."}"#, fixture)
        #expect(vague.errorMessage?.contains("is in several sessions (Monday 07:00, Saturday 09:00)") == true)
        let named = await propose(
            #"{"kind":"progression","exercise":"Back Squat","session":"Saturday","loadKg":85,"reason":"Up."}"#, fixture)
        #expect(named.card == "Suggested: Back Squat 5 × 5 at 80 kg → 5 × 5 at 85 kg")
    }

    @Test("Without a plan loop or without a plan, the coach hears that it can't propose")
    func unavailable() async throws {
        let arguments = #"{"kind":"progression","exercise":"Back Squat","loadKg":105,"reason":"Up."}"#
        let fixture = try await F.make()
        let noLoop = await propose(arguments, fixture, withPlan: false)
        #expect(noLoop.errorMessage?.contains("can't be suggested in this conversation") == true)
        let planless = try await F.make(plan: { _ in nil })
        let noPlan = await propose(arguments, planless)
        #expect(noPlan.errorMessage?.contains("no training plan yet") == true)
        #expect(try await planless.storedRecommendations().isEmpty)
    }

    @Test("The tool's card labels say what it does")
    func labels() {
        let labels = ToolRegistry.standard.cardLabels(for: "proposePlanChange")
        #expect(labels == ToolCardLabels(running: "Suggesting a plan change…", done: "Plan change suggested"))
    }

    @Test("In a chat, the engine hands the plan loop to the tool and the proposal waits in Activity")
    func throughTheEngine() async throws {
        let fixture = try await F.make(autopilot: true)
        let arguments = #"{"kind":"deload","exercise":"Biceps Curl","loadKg":17.5,"reason":"Your elbows need a lighter week."}"#
        let streamer = ScriptedStreamer([
            ScriptedStreamer.tool("proposePlanChange", id: "p1", arguments: arguments),
            ScriptedStreamer.text("I've suggested a lighter curl week; accept it in Activity."),
        ])
        let engine = CoachEngine(
            repository: fixture.store, vault: fixture.vault, streamer: streamer, now: { F.now }, plan: fixture.coordinator)
        var events: [CoachEvent] = []
        for try await event in engine.reply(to: "My elbows ache.", conversationID: UUID(), user: fixture.user) { events.append(event) }
        let finished = events.compactMap { event -> (String?, Bool)? in
            if case .toolFinished(_, "proposePlanChange", let card, let isError, _) = event { return (card, isError) }
            return nil
        }
        #expect(finished.count == 1)
        #expect(finished.first?.0 == "Suggested: Biceps Curl 3 × 12 at 20 kg → 3 × 12 at 17.5 kg")
        #expect(finished.first?.1 == false)
        let stored = try await fixture.storedRecommendations()
        #expect(stored.map(\.status) == [.pendingReview])
        #expect(stored.first?.reason == "Your elbows need a lighter week.")
        #expect(try await fixture.storedPlan() == fixture.plan)
    }
}
