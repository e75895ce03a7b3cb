import Foundation

extension PlanChange {
    /// The one-sentence reason shown when no AI provider is set up or it fails: plain, in the person's units.
    public func fallbackReason(in plan: TrainingPlan, units: MeasurementSystem) -> String {
        let name = exerciseName(in: plan) ?? "this exercise"
        switch (kind, before, after) {
        case (.progression, .target(let old), .target(let new)):
            return
                "You hit every target in your last two \(name) sessions, so it goes from \(Self.describe(old, units)) to \(Self.describe(new, units))."
        case (.deload, .target(let old), .target(let new)):
            return
                "Take a lighter week on \(name) to recover: \(Self.describe(old, units)) becomes \(Self.describe(new, units)) for seven days."
        case (.deloadReturn, _, .target(let new)):
            return "Your lighter week is over, so \(name) goes back to \(Self.describe(new, units))."
        case (.schedule, .slot(let old), .slot(let new)):
            let focus = sessionFocus(in: plan)?.displayName ?? "Your"
            return "You haven't trained on a \(Self.dayName(old.dayOfWeek)) for two weeks, so the \(focus) session moves to "
                + "\(Self.dayName(new.dayOfWeek)) at \(new.startTime.twelveHourDescription)."
        case (.goalPace, .goal, .goal(let new)):
            return
                "At your current pace you'll reach \(units.formatWeight(kilograms: new.targetKilograms, fractionDigits: 1)) around \(new.targetDay), "
                + "so your goal date moves there."
        case (.goalPace, .timeGoal, .timeGoal(let new)):
            return
                "At your current pace you'll manage \(new.description(in: units)) around \(new.targetDay), so your goal date moves there."
        default:
            return "Your plan can be adjusted based on your recent training."
        }
    }

    private func exerciseName(in plan: TrainingPlan) -> String? {
        guard case .exercise(let sessionID, let exerciseID) = scope else { return nil }
        return plan.session(id: sessionID)?.exercise(id: exerciseID)?.name
    }

    private func sessionFocus(in plan: TrainingPlan) -> SessionFocus? {
        guard case .session(let sessionID) = scope else { return nil }
        return plan.session(id: sessionID)?.focus
    }

    private static func dayName(_ dayOfWeek: Int) -> String {
        (1...7).contains(dayOfWeek) ? WorkoutAvailabilityBlock.dayNames[dayOfWeek - 1] : "another day"
    }

    /// "3 × 5 at 100 kg", "30 min", "5 km" in the person's units.
    static func describe(_ target: ExerciseTarget, _ units: MeasurementSystem) -> String { target.description(in: units) }
}

extension ExerciseTarget {
    /// "3 × 8 at 60 kg", "5 km in 30 min", in the person's units.
    public func description(in units: MeasurementSystem) -> String {
        switch self {
        case .strength(let sets, let reps, let load):
            let base = "\(sets) × \(reps)"
            return load.map { "\(base) at \(units.formatWeight(kilograms: $0, fractionDigits: 1))" } ?? base
        case .cardio(let minutes, let kilometres):
            var parts: [String] = []
            if let kilometres { parts.append(units.formatDistance(meters: kilometres * 1000, fractionDigits: 1)) }
            if let minutes { parts.append("\(MeasurementSystem.number(minutes, 0)) min") }
            return parts.joined(separator: " in ")
        }
    }
}
