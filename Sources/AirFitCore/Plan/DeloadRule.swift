import Foundation

/// Deload: −10% load for a week when targets were missed in two consecutive sessions or when three of the last five
/// days had stress ≥ 4 and sleep quality ≤ 2; after the week, a change back to the load before.
enum DeloadRule {
    /// Days looked at for the check-in trigger.
    static let checkInWindow = 5
    /// Bad days among them that call for a deload.
    static let badDaysNeeded = 3

    /// Whether the check-ins of the last five local days hold three with stress ≥ 4 and sleep quality ≤ 2.
    static func strained(_ input: PlanAnalysis.Input) -> Bool {
        let days = Set(input.calendar.recentDays(checkInWindow, endingAt: input.now))
        var bad = Set<String>()
        for log in input.checkIns where days.contains(log.day) {
            if let stress = log.stress, let sleep = log.sleepQuality, stress >= 4, sleep <= 2 { bad.insert(log.day) }
        }
        return bad.count >= badDaysNeeded
    }

    /// Deloads for loaded strength exercises not in `skipping` and not already in a deload week.
    static func deloads(_ input: PlanAnalysis.Input, skipping: Set<PlanChange.Scope>) -> [PlanChange] {
        let strained = strained(input)
        return PlanAnalysis.exercises(of: input.plan).compactMap { scope, exercise in
            guard !skipping.contains(scope), !input.inDeload(scope),
                case .strength(let sets, let reps, let load?) = exercise.target
            else { return nil }
            let lastTwo = PlanAnalysis.recentHistory(of: exercise, scope: scope, input).suffix(2)
            let missedTwice = lastTwo.count == 2 && lastTwo.allSatisfy { !PlanMatching.hitTarget(exercise.target, logged: $0.logged) }
            guard missedTwice || strained, let lighter = PlateStep.deloaded(load, units: input.units) else { return nil }
            return PlanChange(
                kind: .deload, scope: scope, before: .target(exercise.target),
                after: .target(.strength(sets: sets, reps: reps, loadKilograms: lighter)), planVersion: input.plan.version)
        }
    }

    /// Returns for deloads applied at least seven local days ago whose lighter target is still in the plan.
    static func returns(_ input: PlanAnalysis.Input) -> [PlanChange] {
        PlanAnalysis.exercises(of: input.plan).compactMap { scope, _ in
            guard let last = input.lastApplied(to: scope), last.change.kind == .deload,
                input.calendar.adding(days: 7, to: last.appliedAt) <= input.now,
                input.plan.value(at: scope) == last.change.after
            else { return nil }
            return PlanChange(
                kind: .deloadReturn, scope: scope, before: last.change.after, after: last.change.before,
                planVersion: input.plan.version)
        }
    }
}
