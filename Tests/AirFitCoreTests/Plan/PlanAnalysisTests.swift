import Foundation
import Testing

@testable import AirFitCore

@Suite("Plan analysis: progression and deload")
struct PlanAnalysisTests {
    typealias F = PlanFixtures

    static func hit(_ at: String, name: String = "Back Squat") -> Workout { F.lifting(at, [name]) }
    static func miss(_ at: String) -> Workout { F.lifting(at, ["Back Squat"], reps: 4) }

    static func change(for scope: PlanChange.Scope, _ input: PlanAnalysis.Input) -> PlanChange? {
        PlanAnalysis.changes(input).first { $0.scope == scope }
    }

    @Test(
        "Every target set hit in the last two sessions of a lift raises it; a miss twice running lowers it",
        arguments: [
            ([hit("2026-11-16T07:00:00Z"), hit("2026-11-23T07:00:00Z")], PlanChange.Kind?.some(.progression)),
            ([miss("2026-11-16T07:00:00Z"), hit("2026-11-23T07:00:00Z")], nil),
            ([hit("2026-11-23T07:00:00Z")], nil),
            ([hit("2026-11-09T07:00:00Z"), hit("2026-11-16T07:00:00Z"), miss("2026-11-23T07:00:00Z")], nil),
            ([miss("2026-11-16T07:00:00Z"), miss("2026-11-23T07:00:00Z")], .deload),
            ([hit("2026-11-16T07:00:00Z", name: "back  squat"), hit("2026-11-23T07:00:00Z", name: "BACKSQUAT")], .progression),
            ([hit("2026-11-16T07:00:00Z"), hit("2026-11-30T07:00:00Z")], nil),
            ([hit("2026-11-16T07:00:00Z"), hit("2026-11-23T07:00:00Z", name: "Front Squat")], nil),
        ])
    func lifts(workouts: [Workout], expected: PlanChange.Kind?) {
        #expect(Self.change(for: F.squatScope, F.input(F.plan(), workouts: workouts))?.kind == expected)
    }

    @Test("A progression names the lift, its target before and after, and the plan version it was computed against")
    func progressionChange() throws {
        let workouts = [F.lifting("2026-11-16T07:00:00Z", ["Back Squat"]), F.lifting("2026-11-23T07:00:00Z", ["Back Squat"])]
        let change = try #require(Self.change(for: F.squatScope, F.input(F.plan(), workouts: workouts)))
        #expect(change.before == .target(.strength(sets: 3, reps: 5, loadKilograms: 100)))
        #expect(change.after == .target(.strength(sets: 3, reps: 5, loadKilograms: 102.5)))
        #expect(change.planVersion == 3)
        #expect(
            change.edit
                == .changeTarget(sessionID: F.mondaySession, exerciseID: F.squat, target: .strength(sets: 3, reps: 5, loadKilograms: 102.5))
        )
    }

    @Test("In pounds the isolation curl goes from 45 lb to 50 lb")
    func imperialCurl() throws {
        let curl = MeasurementSystem.kilograms(fromPounds: 45)
        let workouts = ["2026-11-16T07:00:00Z", "2026-11-23T07:00:00Z"].map { F.lifting($0, ["Biceps Curl"], reps: 12, kg: curl) }
        let change = try #require(Self.change(for: F.curlScope, F.input(F.plan(curlKg: curl), workouts: workouts, units: .imperial)))
        guard case .target(.strength(_, _, let load?)) = change.after else { Issue.record("no load"); return }
        #expect(abs(MeasurementSystem.pounds(fromKilograms: load) - 50) < 1e-6)
    }

    @Test("A lift with no load yet is not progressed or deloaded")
    func unknownLoad() {
        let workouts = [F.lifting("2026-11-16T07:00:00Z", ["Back Squat"]), F.lifting("2026-11-23T07:00:00Z", ["Back Squat"], reps: 1)]
        #expect(Self.change(for: F.squatScope, F.input(F.plan(squatKg: nil), workouts: workouts)) == nil)
    }

    @Test("Only sessions since the target last changed count")
    func sinceLastChange() {
        let workouts = [F.lifting("2026-11-16T07:00:00Z", ["Back Squat"]), F.lifting("2026-11-23T07:00:00Z", ["Back Squat"])]
        let earlier = PlanChange(
            kind: .progression, scope: F.squatScope, before: .target(.strength(sets: 3, reps: 5, loadKilograms: 97.5)),
            after: .target(.strength(sets: 3, reps: 5, loadKilograms: 100)), planVersion: 2)
        let applied = [AppliedPlanChange(change: earlier, appliedAt: F.date("2026-11-17T00:00:00Z"))]
        #expect(Self.change(for: F.squatScope, F.input(F.plan(), workouts: workouts, applied: applied)) == nil)
    }

    @Test(
        "Cardio grows at most 10% a week: distance when planned, else whole minutes",
        arguments: [
            (Double?.some(30), Double?.none, 30.0, Double?.none, ExerciseTarget?.some(.cardio(minutes: 33, kilometres: nil))),
            (25.0, nil, 26.0, nil, .cardio(minutes: 27, kilometres: nil)),
            (30.0, 5.0, 31.0, 5.2, .cardio(minutes: 30, kilometres: 5.5)),
            (nil, 5.0, 40.0, 4.9, nil),
            (30.0, nil, 29.0, nil, nil),
            (5.0, nil, 6.0, nil, nil),
        ])
    func cardio(minutes: Double?, km: Double?, ranMinutes: Double, ranKm: Double?, expected: ExerciseTarget?) {
        let runs = ["2026-11-12T18:00:00Z", "2026-11-19T18:00:00Z"].map { F.running($0, minutes: ranMinutes, km: ranKm) }
        let change = Self.change(for: F.runScope, F.input(F.plan(runMinutes: minutes, runKm: km), workouts: runs))
        #expect(change?.after == expected.map { .target($0) })
    }

    @Test(
        "A cardio progression waits a full week after the last one",
        arguments: [("2026-11-23T20:00:00Z", false), ("2026-11-25T18:00:00Z", true)])
    func cardioWeekly(now: String, proposed: Bool) {
        let last = PlanChange(
            kind: .progression, scope: F.runScope, before: .target(.cardio(minutes: 30, kilometres: nil)),
            after: .target(.cardio(minutes: 33, kilometres: nil)), planVersion: 2)
        let applied = [AppliedPlanChange(change: last, appliedAt: F.date("2026-11-18T18:00:00Z"))]
        let runs = ["2026-11-19T18:00:00Z", "2026-11-21T18:00:00Z"].map { F.running($0, minutes: 34) }
        let change = Self.change(for: F.runScope, F.input(F.plan(runMinutes: 33), workouts: runs, applied: applied, now: now))
        #expect((change?.after == .target(.cardio(minutes: 36, kilometres: nil))) == proposed)
    }

    static func checkIn(_ day: String, stress: Int, sleep: Int) -> DailyLog {
        DailyLog(userID: F.userID, day: day, sleepQuality: sleep, stress: stress)
    }

    @Test(
        "Three strained days (stress 4+, sleep 2 or less) in the last five, counted in the person's time zone, deload every lift",
        arguments: [
            (["2026-11-19", "2026-11-21", "2026-11-23"], "UTC", "2026-11-23T20:00:00Z", true),
            (["2026-11-19", "2026-11-21"], "UTC", "2026-11-23T20:00:00Z", false),
            (["2026-11-18", "2026-11-21", "2026-11-23"], "UTC", "2026-11-23T20:00:00Z", false),
            // 03:00 UTC on the 23rd is still the 22nd in New York: its five days are the 18th to the 22nd.
            (["2026-11-18", "2026-11-20", "2026-11-22"], "America/New_York", "2026-11-23T03:00:00Z", true),
            (["2026-11-18", "2026-11-20", "2026-11-22"], "UTC", "2026-11-23T03:00:00Z", false),
        ])
    func strain(badDays: [String], timeZone: String, now: String, deload: Bool) {
        let fine = Self.checkIn("2026-11-20", stress: 2, sleep: 4)
        let logs = badDays.map { Self.checkIn($0, stress: 4, sleep: 2) } + [fine]
        let changes = PlanAnalysis.changes(F.input(F.plan(), checkIns: logs, now: now, timeZone: timeZone))
        let deloads = changes.filter { $0.kind == .deload }.map(\.scope)
        #expect(deloads == (deload ? [F.squatScope, F.curlScope] : []))
        if deload {
            #expect(changes.first { $0.scope == F.squatScope }?.after == .target(.strength(sets: 3, reps: 5, loadKilograms: 90)))
        }
    }

    @Test("High stress with good sleep, or poor sleep with low stress, is not strain")
    func notStrain() {
        let logs =
            ["2026-11-21", "2026-11-22", "2026-11-23"].flatMap { [Self.checkIn($0, stress: 5, sleep: 3)] }
            + ["2026-11-19", "2026-11-20"].map { Self.checkIn($0, stress: 3, sleep: 1) }
        #expect(PlanAnalysis.changes(F.input(F.plan(), checkIns: logs)).allSatisfy { $0.kind != .deload })
    }

    static let deload = PlanChange(
        kind: .deload, scope: F.squatScope, before: .target(.strength(sets: 3, reps: 5, loadKilograms: 100)),
        after: .target(.strength(sets: 3, reps: 5, loadKilograms: 90)), planVersion: 2)

    @Test(
        "A week after a deload, the lift goes back to its load; not before, and not if the person changed it since",
        arguments: [
            ("2026-11-23T07:59:00Z", 90.0, PlanChange.Kind?.none),
            ("2026-11-23T08:00:00Z", 90.0, .deloadReturn),
            ("2026-11-23T08:00:00Z", 92.5, nil),
        ])
    func deloadReturn(now: String, currentKg: Double, expected: PlanChange.Kind?) {
        let applied = [AppliedPlanChange(change: Self.deload, appliedAt: F.date("2026-11-16T08:00:00Z"))]
        // Hitting every set at the lighter load during the deload week proposes no progression.
        let workouts = ["2026-11-17T07:00:00Z", "2026-11-20T07:00:00Z"].map { F.lifting($0, ["Back Squat"], kg: currentKg) }
        let change = Self.change(for: F.squatScope, F.input(F.plan(squatKg: currentKg), workouts: workouts, applied: applied, now: now))
        #expect(change?.kind == expected)
        if expected == .deloadReturn {
            #expect(change?.before == Self.deload.after)
            #expect(change?.after == Self.deload.before)
        }
    }

    @Test("During the deload week a stressful stretch proposes no second deload")
    func noDoubleDeload() {
        let applied = [AppliedPlanChange(change: Self.deload, appliedAt: F.date("2026-11-20T08:00:00Z"))]
        let logs = ["2026-11-21", "2026-11-22", "2026-11-23"].map { Self.checkIn($0, stress: 5, sleep: 1) }
        let changes = PlanAnalysis.changes(F.input(F.plan(squatKg: 90), checkIns: logs, applied: applied))
        #expect(changes.filter { $0.kind == .deload }.map(\.scope) == [F.curlScope])
    }
}
