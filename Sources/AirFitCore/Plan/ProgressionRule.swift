import Foundation

/// Progression: every target set hit in the last two sessions of an exercise raises its target.
enum ProgressionRule {
    /// Progressions for every exercise not in `skipping` and not in a deload week.
    static func changes(_ input: PlanAnalysis.Input, skipping: Set<PlanChange.Scope>) -> [PlanChange] {
        PlanAnalysis.exercises(of: input.plan).compactMap { scope, exercise in
            guard !skipping.contains(scope), !input.inDeload(scope) else { return nil }
            let lastTwo = PlanAnalysis.recentHistory(of: exercise, scope: scope, input).suffix(2)
            guard lastTwo.count == 2, lastTwo.allSatisfy({ PlanMatching.hitTarget(exercise.target, logged: $0.logged) }) else {
                return nil
            }
            guard let next = next(exercise, scope: scope, input) else { return nil }
            return PlanChange(
                kind: .progression, scope: scope, before: .target(exercise.target), after: .target(next),
                planVersion: input.plan.version)
        }
    }

    /// The raised target, or nil when it can't rise (unknown load, at a limit, cardio raised less than a week ago).
    static func next(_ exercise: PlannedExercise, scope: PlanChange.Scope, _ input: PlanAnalysis.Input) -> ExerciseTarget? {
        switch exercise.target {
        case .strength(let sets, let reps, let load):
            guard let load, let next = PlateStep.progressed(load, kind: exercise.kind, units: input.units) else { return nil }
            return .strength(sets: sets, reps: reps, loadKilograms: next)
        case .cardio(let minutes, let kilometres):
            if let last = input.lastApplied(to: scope), last.change.kind == .progression,
                input.calendar.adding(days: 7, to: last.appliedAt) > input.now
            {
                return nil
            }
            // Distance when planned, else duration; +10% rounded down (0.1 km, whole minutes) so it never exceeds 10%.
            if let kilometres {
                let next = (kilometres * 1.1 * 10 + 1e-9).rounded(.down) / 10
                guard next > kilometres, next <= PlanRules.kilometres.upperBound else { return nil }
                return .cardio(minutes: minutes, kilometres: next)
            }
            guard let minutes else { return nil }
            let next = (minutes * 1.1 + 1e-9).rounded(.down)
            guard next > minutes, next <= PlanRules.minutes.upperBound else { return nil }
            return .cardio(minutes: next, kilometres: nil)
        }
    }
}
