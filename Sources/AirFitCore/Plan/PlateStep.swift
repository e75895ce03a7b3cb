import Foundation

/// Loads on the bar: 2.5 kg steps for metric, 5 lb steps for imperial, always stored in kilograms.
public enum PlateStep {
    /// The most a progression adds, in kilograms.
    public static let maximumIncreaseKilograms = 5.0

    /// The step in the person's unit and kilograms per unit.
    static func grid(_ units: MeasurementSystem) -> (step: Double, kilogramsPerUnit: Double) {
        units == .imperial ? (5, MeasurementSystem.kilogramsPerPound) : (2.5, 1)
    }

    /// `kilograms` rounded to the nearest plate step of `units`, in kilograms.
    public static func rounded(_ kilograms: Double, units: MeasurementSystem) -> Double {
        let (step, perUnit) = grid(units)
        return ((kilograms / perUnit) / step).rounded() * step * perUnit
    }

    /// The next load after hitting every set at `loadKilograms`: +2.5% (compound) or +5% (isolation), rounded to the
    /// plate step, at least one step and at most +5 kg. Nil when the load can't grow (cardio, out of range, or the cap
    /// is smaller than one step).
    public static func progressed(_ loadKilograms: Double, kind: ExerciseKind, units: MeasurementSystem) -> Double? {
        guard kind != .cardio, FiniteNumber.checked(loadKilograms, in: PlanRules.loadKilograms) != nil else { return nil }
        let (step, perUnit) = grid(units)
        let load = loadKilograms / perUnit
        let percent = kind == .compound ? 0.025 : 0.05
        var next = (load * (1 + percent) / step).rounded() * step
        if next <= load + 1e-9 { next = ((load / step + 1e-9).rounded(.down) + 1) * step }
        let cap = load + maximumIncreaseKilograms / perUnit
        if next > cap + 1e-9 { next = ((cap / step) + 1e-9).rounded(.down) * step }
        let kilograms = next * perUnit
        guard next > load + 1e-9, kilograms <= PlanRules.loadKilograms.upperBound else { return nil }
        return kilograms
    }

    /// The load for a deload week: −10% of `loadKilograms` rounded to the plate step, at least one step lower.
    /// Nil when there is nothing to take off.
    public static func deloaded(_ loadKilograms: Double, units: MeasurementSystem) -> Double? {
        guard let checked = FiniteNumber.checked(loadKilograms, in: PlanRules.loadKilograms), checked > 0 else { return nil }
        let (step, perUnit) = grid(units)
        let load = checked / perUnit
        var next = (load * 0.9 / step).rounded() * step
        if next >= load - 1e-9 { next = ((load / step - 1e-9).rounded(.up) - 1) * step }
        next = max(0, next)
        return next < load - 1e-9 ? next * perUnit : nil
    }
}
