/// The heaviest single repetition a set suggests, by Epley's formula: weight × (1 + reps / 30), and the weight itself
/// for a single. Sets above ``maximumReps`` say little about a single and are left out.
public enum EstimatedOneRepMax {
    /// The most repetitions a set may have to be counted.
    public static let maximumReps = 12

    /// The estimate for one set in kilograms; nil when the set has no load or repetitions, or more than
    /// ``maximumReps`` of them.
    public static func kilograms(weightKg: Double?, reps: Int?) -> Double? {
        guard let weightKg, let reps, weightKg.isFinite, weightKg > 0, (1...maximumReps).contains(reps) else { return nil }
        return reps == 1 ? weightKg : weightKg * (1 + Double(reps) / 30)
    }

    /// The best estimate among `sets`, or nil when none counts.
    public static func best(of sets: [Workout.ExerciseSet]) -> Double? {
        sets.compactMap { kilograms(weightKg: $0.weightKg, reps: $0.reps) }.max()
    }
}
