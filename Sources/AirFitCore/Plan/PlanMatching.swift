public import Foundation

/// How logged workouts meet the plan: a workout belongs to the session planned on its local weekday, and its
/// exercises to planned ones of the same name (case and spaces ignored).
public enum PlanMatching {
    /// `name` lower-cased with every space removed: "Bench  Press" and "benchpress" are the same exercise.
    public static func normalizedName(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }.map(Character.init))
    }

    /// Whether two exercise names mean the same exercise.
    public static func sameExercise(_ first: String, _ second: String) -> Bool {
        let normalized = normalizedName(first)
        return !normalized.isEmpty && normalized == normalizedName(second)
    }

    /// The session of `plan` that `workout` carries out: one planned on the workout's local weekday, the one whose
    /// window holds its start time when there are several, else the one starting closest to it; nil on a day off.
    public static func session(for workout: Workout, in plan: TrainingPlan, calendar: PlanCalendar) -> PlannedSession? {
        let candidates = plan.sessions(onDayOfWeek: calendar.dayOfWeek(of: workout.startedAt))
        guard candidates.count > 1 else { return candidates.first }
        let parts = calendar.calendar.dateComponents([.hour, .minute], from: workout.startedAt)
        let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        guard let time = TimeOfDay(hour: minute / 60, minute: minute % 60) else { return candidates.first }
        if let holding = candidates.first(where: { time.isWithin(from: $0.slot.startTime, to: $0.slot.endTime) }) { return holding }
        return candidates.min {
            abs($0.slot.startTime.minutesSinceMidnight - minute) < abs($1.slot.startTime.minutesSinceMidnight - minute)
        }
    }

    /// The sessions planned for `date`'s local weekday (what Home shows as today's plan), earliest first.
    public static func sessions(on date: Date, in plan: TrainingPlan, calendar: PlanCalendar) -> [PlannedSession] {
        plan.sessions(onDayOfWeek: calendar.dayOfWeek(of: date))
    }

    /// The logged exercise in `workout` that carries out `exercise`, if any.
    public static func loggedExercise(_ exercise: PlannedExercise, in workout: Workout) -> Workout.Exercise? {
        workout.exercises.first { sameExercise($0.name, exercise.name) }
    }

    /// The times `exercise` was logged in `workouts`, oldest first, each with the workout's start.
    public static func history(of exercise: PlannedExercise, in workouts: [Workout]) -> [(startedAt: Date, logged: Workout.Exercise)] {
        workouts.sorted { $0.startedAt < $1.startedAt }.compactMap { workout in
            loggedExercise(exercise, in: workout).map { (workout.startedAt, $0) }
        }
    }

    /// Whether a logged exercise met its target: for strength, at least the target's number of sets with at least
    /// its reps at no less than its load (any load when unknown); for cardio, at least its minutes and kilometres.
    public static func hitTarget(_ target: ExerciseTarget, logged: Workout.Exercise) -> Bool {
        switch target {
        case .strength(let sets, let reps, let load):
            let good = logged.sets.filter { set in
                guard let done = set.reps, done >= reps else { return false }
                guard let load else { return true }
                // A small tolerance: a load typed in pounds and stored in kilograms may differ in the last digits.
                return (set.weightKg ?? 0) + 0.01 >= load
            }
            return good.count >= sets
        case .cardio(let minutes, let kilometres):
            // Logged numbers come from people and models: only finite, non-negative ones count.
            let seconds = logged.sets.compactMap(\.durationSeconds).filter { $0.isFinite && $0 >= 0 }.reduce(0, +)
            let meters = logged.sets.compactMap(\.distanceMeters).filter { $0.isFinite && $0 >= 0 }.reduce(0, +)
            if let minutes, seconds / 60 + 0.01 < minutes { return false }
            if let kilometres, meters / 1000 + 0.0001 < kilometres { return false }
            return true
        }
    }
}
