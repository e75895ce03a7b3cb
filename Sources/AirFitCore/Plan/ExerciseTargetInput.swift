import Foundation

/// A target as a person types it (a form's fields or the CLI's options), in their units: the one place text becomes an
/// ``ExerciseTarget`` and back.
public struct ExerciseTargetInput: Sendable, Equatable {
    public var sets: String
    public var reps: String
    /// In the person's weight unit (kg or lbs); blank for "no load yet".
    public var load: String
    public var minutes: String
    /// In the person's distance unit (km or miles).
    public var distance: String

    /// Creates the input from typed text (nil is blank).
    public init(sets: String? = nil, reps: String? = nil, load: String? = nil, minutes: String? = nil, distance: String? = nil) {
        self.sets = sets ?? ""
        self.reps = reps ?? ""
        self.load = load ?? ""
        self.minutes = minutes ?? ""
        self.distance = distance ?? ""
    }

    /// The fields showing `target` in `units` (loads to one decimal, distances to two).
    public init(_ target: ExerciseTarget, units: MeasurementSystem) {
        switch target {
        case .strength(let sets, let reps, let load):
            let shown = load.map { units == .imperial ? MeasurementSystem.pounds(fromKilograms: $0) : $0 }
            self.init(sets: "\(sets)", reps: "\(reps)", load: shown.map { MeasurementSystem.number($0, 1) })
        case .cardio(let minutes, let kilometres):
            let shown = kilometres.map { units == .imperial ? MeasurementSystem.miles(fromMeters: $0 * 1000) : $0 }
            self.init(minutes: minutes.map { MeasurementSystem.number($0, 0) }, distance: shown.map { MeasurementSystem.number($0, 2) })
        }
    }

    /// The target for an exercise of `kind`, each number checked (finite, in range) before it is converted.
    /// - Throws: ``PlanEditError`` naming the field's limits.
    public func target(kind: ExerciseKind, units: MeasurementSystem) throws(PlanEditError) -> ExerciseTarget {
        switch kind {
        case .compound, .isolation:
            guard let sets = Self.whole(sets, in: PlanRules.sets) else { throw .setsOutOfRange }
            guard let reps = Self.whole(reps, in: PlanRules.reps) else { throw .repsOutOfRange }
            guard !Self.isBlank(load) else { return .strength(sets: sets, reps: reps, loadKilograms: nil) }
            let limit =
                units == .imperial
                ? 0...MeasurementSystem.pounds(fromKilograms: PlanRules.loadKilograms.upperBound) : PlanRules.loadKilograms
            guard let entered = FiniteNumber.parse(load, in: limit) else { throw .loadOutOfRange }
            let kilograms = min(units.kilograms(fromEntered: entered), PlanRules.loadKilograms.upperBound)
            return .strength(sets: sets, reps: reps, loadKilograms: (kilograms * 1000).rounded() / 1000)
        case .cardio:
            var minutesValue: Double?
            var kilometres: Double?
            if !Self.isBlank(minutes) {
                guard let value = FiniteNumber.parse(minutes, in: PlanRules.minutes) else { throw .minutesOutOfRange }
                minutesValue = value
            }
            if !Self.isBlank(distance) {
                let range = PlanRules.kilometres
                let limit = units == .imperial ? (range.lowerBound / 1.609344)...(range.upperBound / 1.609344) : range
                guard let entered = FiniteNumber.parse(distance, in: limit) else { throw .kilometresOutOfRange }
                let km = units == .imperial ? MeasurementSystem.meters(fromMiles: entered) / 1000 : entered
                kilometres = min(max((km * 1000).rounded() / 1000, range.lowerBound), range.upperBound)
            }
            guard minutesValue != nil || kilometres != nil else { throw .cardioNeedsDurationOrDistance }
            return .cardio(minutes: minutesValue, kilometres: kilometres)
        }
    }

    private static func isBlank(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespaces).isEmpty }

    private static func whole(_ text: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = FiniteNumber.parse(text, in: Double(range.lowerBound)...Double(range.upperBound)), value == value.rounded() else {
            return nil
        }
        return Int(value)
    }
}
