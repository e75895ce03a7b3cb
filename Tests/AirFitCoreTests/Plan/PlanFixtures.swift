import Foundation

@testable import AirFitCore

/// Shared builders for the plan tests: slots, dates, plans and logged workouts.
enum PlanFixtures {
    static let userID = UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!

    /// A weekly slot from "HH:mm" times.
    static func block(_ day: Int, _ start: String, _ end: String) -> WorkoutAvailabilityBlock {
        WorkoutAvailabilityBlock(dayOfWeek: day, startTime: TimeOfDay(start)!, endTime: TimeOfDay(end)!)
    }

    /// A session slot from "HH:mm" times.
    static func slot(_ day: Int, _ start: String, _ end: String) -> SessionSlot {
        SessionSlot(dayOfWeek: day, startTime: TimeOfDay(start)!, endTime: TimeOfDay(end)!)
    }

    /// An instant from "2026-11-23T07:00:00Z".
    static func date(_ text: String) -> Date { ISO8601.date(from: text)! }

    /// Ids 1, 2, 3, … so generated plans can be compared.
    static func counter() -> () -> UUID {
        var next = 0
        return {
            next += 1
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", next))!
        }
    }

    /// Monday 07:00–08:00 and Thursday 18:00–19:30 (UTC), the slots most tests use.
    static let monday = block(2, "07:00", "08:00")
    static let thursday = block(5, "18:00", "19:30")
    static let saturday = block(7, "09:00", "11:00")

    /// A plan with a Monday session (squat, a compound lift; curl, isolation) and a Thursday run.
    static func plan(squatKg: Double? = 100, curlKg: Double? = 20, runMinutes: Double? = 30, runKm: Double? = nil) -> TrainingPlan {
        TrainingPlan(
            id: UUID(), userID: userID, version: 3,
            sessions: [
                PlannedSession(
                    id: mondaySession, slot: SessionSlot(monday), focus: .lower,
                    exercises: [
                        PlannedExercise(
                            id: squat, name: "Back Squat", kind: .compound, target: .strength(sets: 3, reps: 5, loadKilograms: squatKg)),
                        PlannedExercise(
                            id: curl, name: "Biceps Curl", kind: .isolation, target: .strength(sets: 3, reps: 12, loadKilograms: curlKg)),
                    ]),
                PlannedSession(
                    id: thursdaySession, slot: SessionSlot(thursday), focus: .run,
                    exercises: [
                        PlannedExercise(id: run, name: "Easy Run", kind: .cardio, target: .cardio(minutes: runMinutes, kilometres: runKm))
                    ]),
            ])
    }

    static let mondaySession = UUID(uuidString: "00000000-0000-0000-0000-00000000001A")!
    static let thursdaySession = UUID(uuidString: "00000000-0000-0000-0000-00000000001B")!
    static let squat = UUID(uuidString: "00000000-0000-0000-0000-00000000002A")!
    static let curl = UUID(uuidString: "00000000-0000-0000-0000-00000000002B")!
    static let run = UUID(uuidString: "00000000-0000-0000-0000-00000000002C")!
    static let squatScope = PlanChange.Scope.exercise(sessionID: mondaySession, exerciseID: squat)
    static let curlScope = PlanChange.Scope.exercise(sessionID: mondaySession, exerciseID: curl)
    static let runScope = PlanChange.Scope.exercise(sessionID: thursdaySession, exerciseID: run)

    /// A strength workout at `at` with `sets` sets of `reps` at `kg` of each named exercise.
    static func lifting(_ at: String, _ names: [String], sets: Int = 3, reps: Int = 5, kg: Double? = 100) -> Workout {
        Workout(
            userID: userID, type: "strength", startedAt: date(at), durationMinutes: 60,
            exercises: names.map { Workout.Exercise(name: $0, sets: Array(repeating: .init(reps: reps, weightKg: kg), count: sets)) })
    }

    /// A run at `at` lasting `minutes`, covering `km`.
    static func running(_ at: String, minutes: Double, km: Double? = nil) -> Workout {
        Workout(
            userID: userID, type: "run", startedAt: date(at), durationMinutes: minutes,
            exercises: [
                Workout.Exercise(name: "easy run", sets: [.init(durationSeconds: minutes * 60, distanceMeters: km.map { $0 * 1000 })])
            ])
    }

    /// The analysis input over `plan` with UTC Monday weeks, metric units, at `now`.
    static func input(
        _ plan: TrainingPlan, workouts: [Workout] = [], checkIns: [DailyLog] = [], applied: [AppliedPlanChange] = [],
        units: MeasurementSystem = .metric, now: String = "2026-11-23T20:00:00Z", timeZone: String = "UTC",
        availability: [WorkoutAvailabilityBlock] = [monday, thursday, saturday], weightGoal: WeightGoal? = nil
    ) -> PlanAnalysis.Input {
        PlanAnalysis.Input(
            plan: plan, availability: availability, workouts: workouts, checkIns: checkIns, applied: applied, units: units,
            calendar: PlanCalendar(timeZone: timeZone, weekStart: .monday), now: date(now), weightGoal: weightGoal)
    }
}
