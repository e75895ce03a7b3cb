import Foundation
import Testing

@testable import AirFitCore

@Suite("The reason shown without an AI provider")
struct PlanReasonTests {
    typealias F = PlanFixtures

    static let squat100 = ExerciseTarget.strength(sets: 3, reps: 5, loadKilograms: 100)
    static let squat1025 = ExerciseTarget.strength(sets: 3, reps: 5, loadKilograms: 102.5)

    @Test(
        "Each kind of change gets a plain sentence naming what changes, in the person's units",
        arguments: [
            (
                PlanChange(kind: .progression, scope: F.squatScope, before: .target(squat100), after: .target(squat1025), planVersion: 3),
                MeasurementSystem.metric,
                "You hit every target in your last two Back Squat sessions, so it goes from 3 × 5 at 100 kg to 3 × 5 at 102.5 kg."
            ),
            (
                PlanChange(
                    kind: .progression, scope: F.runScope, before: .target(.cardio(minutes: 30, kilometres: 5)),
                    after: .target(.cardio(minutes: 30, kilometres: 5.5)), planVersion: 3), .metric,
                "You hit every target in your last two Easy Run sessions, so it goes from 5 km in 30 min to 5.5 km in 30 min."
            ),
            (
                PlanChange(
                    kind: .deload, scope: F.squatScope, before: .target(squat100),
                    after: .target(.strength(sets: 3, reps: 5, loadKilograms: 90)), planVersion: 3), .imperial,
                "Take a lighter week on Back Squat to recover: 3 × 5 at 220.5 lbs becomes 3 × 5 at 198.4 lbs for seven days."
            ),
            (
                PlanChange(kind: .deloadReturn, scope: F.squatScope, before: .target(squat1025), after: .target(squat100), planVersion: 3),
                .metric, "Your lighter week is over, so Back Squat goes back to 3 × 5 at 100 kg."
            ),
            (
                PlanChange(
                    kind: .schedule, scope: .session(sessionID: F.thursdaySession), before: .slot(SessionSlot(F.thursday)),
                    after: .slot(F.slot(7, "09:00", "10:30")), planVersion: 3), .metric,
                "You haven't trained on a Thursday for two weeks, so the Run session moves to Saturday at 9:00 AM."
            ),
            (
                PlanChange(
                    kind: .goalPace, scope: .weightGoal, before: .goal(WeightGoal(targetKilograms: 75, targetDay: "2026-12-15")),
                    after: .goal(WeightGoal(targetKilograms: 75, targetDay: "2027-01-11")), planVersion: 3), .metric,
                "At your current pace you'll reach 75 kg around 2027-01-11, so your goal date moves there."
            ),
        ])
    func sentence(change: PlanChange, units: MeasurementSystem, expected: String) {
        #expect(change.fallbackReason(in: F.plan(), units: units) == expected)
    }

    @Test("Today's planned session follows the person's time zone")
    func today() {
        let lateSunday = F.date("2026-11-23T03:00:00Z")
        let newYork = PlanCalendar(timeZone: "America/New_York", weekStart: .monday)
        let utc = PlanCalendar(timeZone: "UTC", weekStart: .monday)
        #expect(PlanMatching.sessions(on: lateSunday, in: F.plan(), calendar: newYork).isEmpty)
        #expect(PlanMatching.sessions(on: lateSunday, in: F.plan(), calendar: utc).map(\.id) == [F.mondaySession])
    }

    @Test("A session holds at most 30 exercises")
    func exerciseLimit() throws {
        var plan = F.plan()
        let availability = [F.monday, F.thursday, F.saturday]
        let make = { PlannedExercise(name: "Plank", kind: .isolation, target: .strength(sets: 1, reps: 1, loadKilograms: nil)) }
        for _ in plan.sessions[0].exercises.count..<PlanRules.maximumExercisesPerSession {
            plan = try plan.applying(.addExercise(sessionID: F.mondaySession, exercise: make()), availability: availability)
        }
        #expect(throws: PlanEditError.tooManyExercises) {
            try plan.applying(.addExercise(sessionID: F.mondaySession, exercise: make()), availability: availability)
        }
    }
}
