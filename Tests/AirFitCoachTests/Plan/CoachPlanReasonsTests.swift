import AirFitAI
import AirFitCore
import Foundation
import Testing

@testable import AirFitCoach

@Suite("Recommendation reasons in the coach's voice")
struct CoachPlanReasonsTests {
    typealias F = PlanCoachFixture

    /// The squat's progression, 100 → 102.5 kg, against the fixture's plan.
    func progression(_ fixture: PlanCoachFixture) throws -> PlanChange {
        let (session, squat) = try #require(fixture.exercise("Back Squat"))
        return PlanChange(
            kind: .progression, scope: .exercise(sessionID: session.id, exerciseID: squat.id), before: .target(squat.target),
            after: .target(.strength(sets: 3, reps: 5, loadKilograms: 102.5)), planVersion: fixture.plan.version)
    }

    func writer(_ fixture: PlanCoachFixture, _ streamer: ScriptedStreamer, timeout: Duration = .seconds(8)) -> CoachPlanReasons {
        CoachPlanReasons(repository: fixture.store, vault: fixture.vault, streamer: streamer, timeout: timeout, log: fixture.store)
    }

    @Test("A one-line answer becomes the reason, asked with the persona's prompt and the plain reason as the facts")
    func goodAnswer() async throws {
        let fixture = try await F.make()
        let change = try progression(fixture)
        let streamer = ScriptedStreamer([ScriptedStreamer.text("  \"Two clean weeks at 100 kg: time for 102.5 kg, Ada.\"\n")])
        let reason = await writer(fixture, streamer).reason(for: change, in: fixture.plan, user: fixture.user)
        #expect(reason == "Two clean weeks at 100 kg: time for 102.5 kg, Ada.")
        let request = try #require(streamer.requests.first)
        let facts = change.fallbackReason(in: fixture.plan, units: .metric)
        #expect(request.messages == [.user(CoachPlanReasons.question(facts))])
        #expect(facts.contains("Back Squat") && facts.contains("102.5 kg"))
        #expect(request.systemPrompt?.contains("## Core identity") == true)
        #expect(request.systemPrompt?.hasSuffix(CoachPlanReasons.instruction) == true)
        #expect(request.tools.isEmpty)
        #expect(try await fixture.store.providerRequests(userID: fixture.user.id).count == 1)
    }

    /// Answers the reason can't be made from.
    static func unusable(_ name: String) -> ScriptedStreamer.Script {
        switch name {
        case "two lines": return ScriptedStreamer.text("Great work.\nNow lift more.")
        case "empty": return ScriptedStreamer.text("   ")
        case "too long": return ScriptedStreamer.text(String(repeating: "Lift. ", count: 51))
        case "a provider error": return .events([.error(code: "overloaded", message: "Try later"), .finish(.stop)])
        default: return .fail([.textDelta("Two clean")], ServiceError.networkUnavailable)
        }
    }

    @Test(
        "An unusable answer or a failed call gives the plain reason",
        arguments: ["two lines", "empty", "too long", "a provider error", "a dropped stream"])
    func unusableAnswer(_ name: String) async throws {
        let script = Self.unusable(name)
        let fixture = try await F.make()
        let change = try progression(fixture)
        let streamer = ScriptedStreamer([script])
        let reason = await writer(fixture, streamer).reason(for: change, in: fixture.plan, user: fixture.user)
        #expect(reason == change.fallbackReason(in: fixture.plan, units: .metric), "\(name)")
        #expect(streamer.requests.count == 1)
    }

    // The hung model never ends on its own (an hour), so only the timeout can end the call; the time limit catches a
    // timeout that doesn't work, without timing a loaded machine.
    @Test("A model slower than the timeout gives the plain reason at once", .timeLimit(.minutes(1)))
    func timeout() async throws {
        let fixture = try await F.make()
        let change = try progression(fixture)
        let reason = await writer(fixture, ScriptedStreamer([.hang([.textDelta("Two")])]), timeout: .milliseconds(100)).reason(
            for: change, in: fixture.plan, user: fixture.user)
        #expect(reason == change.fallbackReason(in: fixture.plan, units: .metric))
    }

    @Test("Without a provider, or when the person keeps their activity out of requests, no model is asked")
    func noModelCall() async throws {
        for fixture in [try await F.make(provider: nil), try await F.make(exclusions: [CoachContextItem.recentActivity.rawValue])] {
            let change = try progression(fixture)
            let streamer = ScriptedStreamer([ScriptedStreamer.text("Lift more.")])
            let reason = await writer(fixture, streamer).reason(for: change, in: fixture.plan, user: fixture.user)
            #expect(reason == change.fallbackReason(in: fixture.plan, units: .metric))
            #expect(streamer.requests.isEmpty)
        }
    }

    @Test("Goal changes (they name the goal weight) and, when the schedule is private, schedule changes keep the plain reason")
    func privateKinds() {
        let everything = CoachContextPolicy(excluded: [])
        let noSchedule = CoachContextPolicy(excluded: [.scheduleAndSleep])
        #expect(!CoachPlanReasons.mayShare(.goalPace, policy: everything))
        #expect(CoachPlanReasons.mayShare(.schedule, policy: everything))
        #expect(!CoachPlanReasons.mayShare(.schedule, policy: noSchedule))
        #expect(CoachPlanReasons.mayShare(.deload, policy: noSchedule))
    }

    @Test("The plan loop saves the coach's wording on the recommendations it makes")
    func throughCoordinator() async throws {
        let fixture = try await F.make()
        let streamer = ScriptedStreamer([], fallback: ScriptedStreamer.text("Two clean weeks: up you go."))
        let coordinator = PlanCoordinator(repository: fixture.store, reasons: writer(fixture, streamer), now: { F.now })
        for day in ["2026-11-16", "2026-11-23"] {
            try await fixture.store.addWorkout(
                Workout(
                    userID: fixture.user.id, type: "strength", startedAt: ISO8601.date(from: "\(day)T07:05:00Z")!, durationMinutes: 50,
                    exercises: [Workout.Exercise(name: "Back Squat", sets: Array(repeating: .init(reps: 5, weightKg: 100), count: 3))]))
        }
        let made = await coordinator.workoutLogged(user: fixture.user)
        #expect(made.contains { $0.change.kind == .progression })
        #expect(made.allSatisfy { $0.reason == "Two clean weeks: up you go." })
        #expect(try await fixture.storedRecommendations().map(\.reason).allSatisfy { $0 == "Two clean weeks: up you go." })
    }
}
