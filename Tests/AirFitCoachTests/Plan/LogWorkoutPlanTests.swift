import AirFitCore
import Foundation
import Testing

@testable import AirFitCoach

@Suite("logWorkout and the training plan")
struct LogWorkoutPlanTests {
    typealias F = PlanCoachFixture

    /// Today's squats (3 × 5 at 100 kg, every target set hit) logged through the tool, after last Monday's the same.
    func logSquats(_ fixture: PlanCoachFixture, withPlan: Bool = true) async throws -> ToolOutcome {
        try await fixture.store.addWorkout(
            Workout(
                userID: fixture.user.id, type: "strength", startedAt: ISO8601.date(from: "2026-11-16T07:05:00Z")!, durationMinutes: 50,
                exercises: [Workout.Exercise(name: "back squat", sets: Array(repeating: .init(reps: 5, weightKg: 100), count: 3))]))
        let sets = Array(repeating: #"{"reps":5,"weight":100}"#, count: 3).joined(separator: ",")
        return await ToolRegistry.standard.dispatch(
            name: "logWorkout",
            argumentsJSON:
                #"{"type":"strength","durationMinutes":50,"startedAt":"2026-11-23T07:05:00Z","weightUnit":"kg","exercises":[{"name":"Back Squat","sets":[\#(sets)]}]}"#,
            context: fixture.context(withPlan: withPlan))
    }

    /// The `planSuggestions` of a result, as (id, kind, status) with the reason.
    func suggestions(_ outcome: ToolOutcome) throws -> [[String: String]] {
        guard case .array(let items)? = try outcome.json()["planSuggestions"] else { return [] }
        return items.map { item in
            guard case .object(let members) = item else { return [:] }
            return members.compactMapValues(\.stringValue)
        }
    }

    @Test("The result lists the suggestions the workout led to, waiting for review when auto-pilot is off; the card is unchanged")
    func pendingSuggestions() async throws {
        let fixture = try await F.make()
        let outcome = try await logSquats(fixture)
        #expect(!outcome.isError, "\(outcome.resultJSON)")
        #expect(outcome.card == "Workout logged: strength, 50 min")
        let listed = try suggestions(outcome)
        let stored = try await fixture.storedRecommendations()
        #expect(!stored.isEmpty)
        #expect(Set(listed.compactMap { $0["id"] }) == Set(stored.map(\.id.uuidString)))
        let squat = try #require(stored.first { $0.change.kind == .progression })
        let entry = try #require(listed.first { $0["id"] == squat.id.uuidString })
        #expect(entry == ["id": squat.id.uuidString, "kind": "progression", "reason": squat.reason, "status": "pending_review"])
        #expect(squat.change.after == .target(.strength(sets: 3, reps: 5, loadKilograms: 102.5)))
        #expect(try await fixture.storedPlan() == fixture.plan)
        let json = try outcome.json()
        #expect(json["entryKind"] == .string("workout") && json["logged"] == .string("workout"))
        #expect(ToolOutcome.entry(inResult: outcome.resultJSON)?.kind == .workout)
    }

    @Test("Under auto-pilot the progression is applied at once and listed as applied")
    func appliedUnderAutopilot() async throws {
        let fixture = try await F.make(autopilot: true)
        let outcome = try await logSquats(fixture)
        let listed = try suggestions(outcome)
        let progression = try #require(listed.first { $0["kind"] == "progression" })
        #expect(progression["status"] == "applied")
        let plan = try #require(try await fixture.storedPlan())
        #expect(plan.version > fixture.plan.version)
        #expect(fixture.exercise("Back Squat", in: plan)?.1.target == .strength(sets: 3, reps: 5, loadKilograms: 102.5))
    }

    @Test("Without the plan loop the workout is logged with no suggestions and nothing analysed")
    func withoutPlanLoop() async throws {
        let fixture = try await F.make()
        let outcome = try await logSquats(fixture, withPlan: false)
        #expect(!outcome.isError)
        #expect(try outcome.json()["planSuggestions"] == nil)
        #expect(try await fixture.storedRecommendations().isEmpty)
        #expect(try await fixture.store.workouts(userID: fixture.user.id, query: RecordQuery()).count == 2)
    }

    @Test("When the person keeps their activity out of requests, suggestions are listed without their reasons")
    func privateActivity() async throws {
        let fixture = try await F.make(exclusions: [CoachContextItem.recentActivity.rawValue])
        let listed = try suggestions(try await logSquats(fixture))
        #expect(!listed.isEmpty)
        #expect(listed.allSatisfy { $0["reason"] == nil && $0["status"] == "pending_review" })
    }
}
