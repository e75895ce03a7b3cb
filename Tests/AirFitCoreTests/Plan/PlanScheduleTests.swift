import Foundation
import Testing

@testable import AirFitCore

@Suite("Plan analysis: schedule, goal pace, weeks and matching")
struct PlanScheduleTests {
    typealias F = PlanFixtures
    static let thursdayScope = PlanChange.Scope.session(sessionID: F.thursdaySession)

    /// Workouts on Monday and Saturday of the last two weeks (Monday weeks), plus `extra`.
    static func mondaysAndSaturdays(_ extra: [String] = []) -> [Workout] {
        (["2026-11-09T07:00:00Z", "2026-11-14T09:00:00Z", "2026-11-16T07:00:00Z", "2026-11-21T09:00:00Z"] + extra).map {
            F.lifting($0, ["Back Squat"])
        }
    }

    @Test("A planned day missed two weeks running moves to a free slot on a day the person does train")
    func moves() throws {
        let change = try #require(
            PlanAnalysis.changes(F.input(F.plan(), workouts: Self.mondaysAndSaturdays())).first { $0.kind == .schedule })
        #expect(change.scope == Self.thursdayScope)
        #expect(change.before == .slot(SessionSlot(F.thursday)))
        #expect(change.after == .slot(F.slot(7, "09:00", "10:30")))
        let moved = try F.plan().applying(try #require(change.edit), availability: [F.monday, F.thursday, F.saturday])
        #expect(moved.session(id: F.thursdaySession)?.slot.dayOfWeek == 7)
    }

    @Test(
        "No move when the day was trained in one of the two weeks, when a week had no training, or with no free slot",
        arguments: [
            (mondaysAndSaturdays(["2026-11-12T18:00:00Z"]), [F.monday, F.thursday, F.saturday]),
            (mondaysAndSaturdays(["2026-11-19T18:00:00Z"]), [F.monday, F.thursday, F.saturday]),
            (Array(mondaysAndSaturdays().suffix(2)), [F.monday, F.thursday, F.saturday]),
            (mondaysAndSaturdays(), [F.monday, F.thursday]),
        ])
    func stays(workouts: [Workout], availability: [WorkoutAvailabilityBlock]) {
        let changes = PlanAnalysis.changes(F.input(F.plan(), workouts: workouts, availability: availability))
        #expect(!changes.contains { $0.kind == .schedule })
    }

    @Test("A session moved in the last two weeks gets a fair chance before it moves again")
    func recentlyMoved() {
        let moved = PlanChange(
            kind: .schedule, scope: Self.thursdayScope, before: .slot(F.slot(4, "18:00", "19:30")), after: .slot(SessionSlot(F.thursday)),
            planVersion: 1)
        let applied = [AppliedPlanChange(change: moved, appliedAt: F.date("2026-11-10T00:00:00Z"))]
        let changes = PlanAnalysis.changes(F.input(F.plan(), workouts: Self.mondaysAndSaturdays(), applied: applied))
        #expect(!changes.contains { $0.kind == .schedule })
    }

    @Test(
        "Weeks start on the person's week start at local midnight",
        arguments: [
            ("UTC", WeekStart.monday, "2026-11-25T12:00:00Z", "2026-11-23T00:00:00Z"),
            ("UTC", .sunday, "2026-11-25T12:00:00Z", "2026-11-22T00:00:00Z"),
            ("UTC", .monday, "2026-11-22T23:59:00Z", "2026-11-16T00:00:00Z"),
            ("UTC", .sunday, "2026-11-22T00:00:00Z", "2026-11-22T00:00:00Z"),
            // Monday 02:00 in Berlin is still Sunday in UTC: the Berlin week has begun.
            ("Europe/Berlin", .monday, "2026-11-23T01:00:00Z", "2026-11-22T23:00:00Z"),
            // Sunday 23:00 in Los Angeles is already Monday in UTC: the week has not begun there.
            ("America/Los_Angeles", .monday, "2026-11-23T07:00:00Z", "2026-11-16T08:00:00Z"),
            // Across the end of daylight saving time (1 November 2026 in New York), midnight is still midnight.
            ("America/New_York", .monday, "2026-11-03T12:00:00Z", "2026-11-02T05:00:00Z"),
            ("America/New_York", .sunday, "2026-11-03T12:00:00Z", "2026-11-01T04:00:00Z"),
        ])
    func weekStart(timeZone: String, start: WeekStart, now: String, expected: String) {
        let calendar = PlanCalendar(timeZone: timeZone, weekStart: start)
        #expect(calendar.startOfWeek(containing: F.date(now)) == F.date(expected))
    }

    @Test("The last complete week is the seven local days before this week")
    func completeWeek() {
        let calendar = PlanCalendar(timeZone: "America/New_York", weekStart: .sunday)
        let week = calendar.completeWeek(1, before: F.date("2026-11-03T12:00:00Z"))
        #expect(week == F.date("2026-10-25T04:00:00Z")..<F.date("2026-11-01T04:00:00Z"))
    }

    @Test(
        "A workout belongs to the session planned on its local weekday",
        arguments: [
            ("2026-11-23T07:30:00Z", "UTC", F.mondaySession),
            ("2026-11-24T03:00:00Z", "America/Los_Angeles", F.mondaySession),
            ("2026-11-24T03:00:00Z", "UTC", nil),
            ("2026-11-26T18:10:00Z", "Europe/London", F.thursdaySession),
        ])
    func matchSession(at: String, timeZone: String, expected: UUID?) {
        let workout = F.lifting(at, ["Back Squat"])
        let calendar = PlanCalendar(timeZone: timeZone, weekStart: .monday)
        #expect(PlanMatching.session(for: workout, in: F.plan(), calendar: calendar)?.id == expected)
    }

    @Test("With two sessions on one day, a workout goes to the one whose window holds its start")
    func twoSessions() throws {
        let evening = PlannedSession(slot: F.slot(2, "18:00", "19:00"), focus: .mobility)
        var plan = F.plan()
        plan.sessions.append(evening)
        let calendar = PlanCalendar(timeZone: "UTC", weekStart: .monday)
        #expect(PlanMatching.session(for: F.lifting("2026-11-23T18:20:00Z", []), in: plan, calendar: calendar)?.id == evening.id)
        #expect(PlanMatching.session(for: F.lifting("2026-11-23T07:10:00Z", []), in: plan, calendar: calendar)?.id == F.mondaySession)
        #expect(PlanMatching.session(for: F.lifting("2026-11-23T16:00:00Z", []), in: plan, calendar: calendar)?.id == evening.id)
    }

    @Test(
        "Exercise names match without regard to case or spaces",
        arguments: [
            ("Bench Press", "bench press", true), ("Bench Press", "  BENCH\tPRESS ", true), ("Bench Press", "benchpress", true),
            ("Bench Press", "Incline Bench Press", false), ("", "  ", false),
        ])
    func names(first: String, second: String, same: Bool) {
        #expect(PlanMatching.sameExercise(first, second) == same)
    }

    static func weighIns(_ values: [(String, Double)]) -> [DailyLog] {
        values.map { DailyLog(userID: F.userID, day: $0.0, weightKg: $0.1) }
    }

    static let losingHalfAKiloAWeek = weighIns([("2026-11-02", 80), ("2026-11-09", 79.5), ("2026-11-16", 79), ("2026-11-23", 78.5)])

    @Test(
        "When the weight trend reaches the goal more than two weeks off its date, the date moves to the trend's",
        arguments: [
            (losingHalfAKiloAWeek, "2026-12-15", String?.some("2027-01-11")),
            (losingHalfAKiloAWeek, "2027-03-01", "2027-01-11"),
            (losingHalfAKiloAWeek, "2027-01-05", nil),
            (Array(losingHalfAKiloAWeek.prefix(3)), "2026-12-15", nil),
            (weighIns([("2026-11-20", 80), ("2026-11-21", 79.5), ("2026-11-22", 79), ("2026-11-23", 78.5)]), "2026-12-15", nil),
            (weighIns([("2026-11-02", 78), ("2026-11-09", 78.5), ("2026-11-16", 79), ("2026-11-23", 79.5)]), "2026-12-15", nil),
            (weighIns([("2026-10-01", 90), ("2026-10-08", 89), ("2026-10-15", 88), ("2026-10-22", 87)]), "2026-12-15", nil),
        ])
    func goalPace(logs: [DailyLog], goalDay: String, expectedDay: String?) {
        let goal = WeightGoal(targetKilograms: 75, targetDay: goalDay)
        let change = PlanAnalysis.changes(F.input(F.plan(), checkIns: logs, weightGoal: goal)).first { $0.kind == .goalPace }
        #expect(change?.after == expectedDay.map { .goal(WeightGoal(targetKilograms: 75, targetDay: $0)) })
        if change != nil {
            #expect(change?.before == .goal(goal))
            #expect(change?.scope == .weightGoal)
            #expect(change?.edit == expectedDay.map { .changeGoalDay(day: $0) })
        }
    }
}
