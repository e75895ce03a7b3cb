import Foundation
import Testing

@testable import AirFitCore

@Suite("Goal pace for a time goal")
struct TimeGoalPaceTests {
    typealias F = PlanFixtures

    /// Runs at midnight UTC 32, 16 and 0 days before 23 November 2026, at the given minutes per km over `km`.
    static func runs(_ paces: [Double], km: Double = 5) -> [Workout] {
        zip(["2026-10-22T00:00:00Z", "2026-11-07T00:00:00Z", "2026-11-23T00:00:00Z"], paces).map { at, pace in
            F.running(at, minutes: pace * km, km: km)
        }
    }

    @Test(
        "The runs' pace trend moves the goal's day when it lands more than two weeks off, and only then",
        arguments: [
            // 7.5 → 7.0 → 6.5 min/km, half a minute every 16 days: 5:00/km in 48 days, 10 January.
            (runs([7.5, 7.0, 6.5]), "2026-12-15", "2027-01-10" as String?),
            (runs([7.5, 7.0, 6.5]), "2027-03-01", "2027-01-10"),
            // Within two weeks of the projection: nothing to change.
            (runs([7.5, 7.0, 6.5]), "2027-01-05", nil),
            // Already at the goal's pace, or not getting faster: no day to project.
            (runs([5.5, 5.0, 4.9]), "2027-06-01", nil),
            (runs([7.0, 7.0, 7.0]), "2027-06-01", nil),
            // Too few efforts, or efforts well short of the distance.
            (Array(runs([7.5, 7.0, 6.5]).suffix(2)), "2026-12-15", nil),
            (runs([7.5, 7.0, 6.5], km: 3), "2026-12-15", nil),
        ])
    func timeGoal(workouts: [Workout], goalDay: String, expectedDay: String?) {
        var plan = F.plan()
        let goal = TimeGoal(kilometres: 5, targetMinutes: 25, targetDay: goalDay)
        plan.timeGoal = goal
        let change = PlanAnalysis.changes(F.input(plan, workouts: workouts)).first { $0.kind == .goalPace }
        var moved = goal
        moved.targetDay = expectedDay ?? goalDay
        #expect(change?.after == expectedDay.map { _ in .timeGoal(moved) })
        if let change {
            #expect(change.scope == .timeGoal && change.before == .timeGoal(goal))
            let applied = try? plan.applying(#require(change.edit), availability: [F.monday, F.thursday])
            #expect(applied?.timeGoal == moved && applied?.holds(change.after, at: .timeGoal) == true)
        }
    }

    @Test(
        "A time goal is typed in the person's units, checked before conversion, and cleared by blank fields",
        arguments: [
            (
                TimeGoalInput(distance: "5", minutes: "25", day: "2027-06-01"), MeasurementSystem.metric,
                TimeGoal?.some(.init(kilometres: 5, targetMinutes: 25, targetDay: "2027-06-01"))
            ),
            (
                TimeGoalInput(distance: "3.1", minutes: "24.5", day: "2027-06-01"), .imperial,
                .init(kilometres: 4.989, targetMinutes: 24.5, targetDay: "2027-06-01")
            ),
            (TimeGoalInput(distance: " ", minutes: "", day: ""), .metric, nil),
        ])
    func typed(input: TimeGoalInput, units: MeasurementSystem, expected: TimeGoal?) throws {
        #expect(try input.goal(units: units) == expected)
    }

    @Test(
        "A time goal out of range, not a number or without a real day is refused",
        arguments: [
            TimeGoalInput(distance: "5", minutes: "0", day: "2027-06-01"), TimeGoalInput(distance: "nan", minutes: "25", day: "2027-06-01"),
            TimeGoalInput(distance: "5", minutes: "1e400", day: "2027-06-01"), TimeGoalInput(distance: "5", minutes: "25", day: "June"),
            TimeGoalInput(distance: "", minutes: "25", day: "2027-06-01"), TimeGoalInput(distance: "900", minutes: "25", day: "2027-06-01"),
        ])
    func refused(input: TimeGoalInput) {
        #expect(throws: PlanEditError.timeGoalOutOfRange) { try input.goal(units: .metric) }
    }
}
