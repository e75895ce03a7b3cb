import Foundation

/// The short way a person writes an exercise's sets in a form: `8×60, 8×60, 6×62.5`.
///
/// Sets are separated by commas. A set is `REPS×LOAD` (load in the person's units, or with `kg`/`lb` after it),
/// `SETS×REPS×LOAD` for several alike, `REPS` alone (body weight), a time (`30s`, `2 min`, `1:30`) or a distance
/// (`400 m`, `5 km`, `3 mi`), and `SETS×TIME` or `SETS×DISTANCE` (`4×100 m`). `x` and `*` work for `×`.
public enum SetNotation {
    /// A set that could not be read, with the text as typed.
    public struct Problem: Error, Equatable, Sendable {
        public let text: String

        /// Creates a problem with the set as written.
        public init(text: String) {
            self.text = text
        }

        /// "“8×abc” is not a set: write sets like 8×60, 8, 30s or 400 m."
        public var message: String { "“\(text)” is not a set: write sets like 8×60, 3×8×60, 8, 30s, 400 m or 4×100 m." }
    }

    /// The most sets one written line may stand for.
    public static let maximumSets = 100

    /// The sets written in `text`, loads read in `units` unless a unit follows them.
    public static func parse(_ text: String, units: MeasurementSystem) throws(Problem) -> [Workout.ExerciseSet] {
        var sets: [Workout.ExerciseSet] = []
        for piece in text.split(separator: ",") {
            let written = piece.trimmingCharacters(in: .whitespaces)
            guard !written.isEmpty else { continue }
            let (count, set) = try parseOne(written, units: units)
            guard sets.count + count <= maximumSets else { throw Problem(text: written) }
            sets += Array(repeating: set, count: count)
        }
        return sets
    }

    /// `sets` written the way ``parse(_:units:)`` reads them, loads in `units`.
    public static func format(_ sets: [Workout.ExerciseSet], units: MeasurementSystem) -> String {
        sets.map { format($0, units: units) }.joined(separator: ", ")
    }

    /// One set: "8×60", "8", "30s", "400 m".
    public static func format(_ set: Workout.ExerciseSet, units: MeasurementSystem) -> String {
        var parts: [String] = []
        if let reps = set.reps { parts.append(String(reps)) }
        if let kilograms = set.weightKg {
            let load = units == .imperial ? MeasurementSystem.pounds(fromKilograms: kilograms) : kilograms
            let text = number((load * 10).rounded() / 10)
            parts.append(set.reps == nil ? "0×\(text)" : text)
        }
        var written = parts.joined(separator: "×")
        if let seconds = set.durationSeconds { written += (written.isEmpty ? "" : " ") + duration(seconds) }
        if let meters = set.distanceMeters { written += (written.isEmpty ? "" : " ") + distance(meters) }
        return written.isEmpty ? "0" : written
    }

    private static func parseOne(_ written: String, units: MeasurementSystem) throws(Problem) -> (Int, Workout.ExerciseSet) {
        let text = written.lowercased().replacingOccurrences(of: "×", with: "x").replacingOccurrences(of: "*", with: "x")
        if let seconds = seconds(text) { return (1, Workout.ExerciseSet(durationSeconds: seconds)) }
        if let meters = meters(text) { return (1, Workout.ExerciseSet(distanceMeters: meters)) }
        let fields = text.split(separator: "x", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let problem = Problem(text: written)
        switch fields.count {
        case 1:
            guard let reps = whole(fields[0]) else { throw problem }
            return (1, Workout.ExerciseSet(reps: reps))
        case 2:
            guard let first = whole(fields[0]) else { throw problem }
            // "4×100 m", "3×30s": that many timed or measured sets.
            if (1...maximumSets).contains(first), let seconds = seconds(fields[1]) {
                return (first, Workout.ExerciseSet(durationSeconds: seconds))
            }
            if (1...maximumSets).contains(first), let meters = meters(fields[1]) {
                return (first, Workout.ExerciseSet(distanceMeters: meters))
            }
            guard let load = kilograms(fields[1], units: units) else { throw problem }
            return (1, Workout.ExerciseSet(reps: first, weightKg: load))
        case 3:
            guard let count = whole(fields[0]), (1...maximumSets).contains(count), let reps = whole(fields[1]),
                let load = kilograms(fields[2], units: units)
            else { throw problem }
            return (count, Workout.ExerciseSet(reps: reps, weightKg: load))
        default:
            throw problem
        }
    }

    /// A whole number of repetitions (or sets), 0…10,000.
    private static func whole(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 6, text.allSatisfy(\.isASCII), let value = Int(text), (0...10_000).contains(value) else {
            return nil
        }
        return value
    }

    /// A load with an optional unit, in kilograms (checked finite before converting).
    private static func kilograms(_ text: String, units: MeasurementSystem) -> Double? {
        var number = text
        var unit = units == .imperial ? "lb" : "kg"
        for (suffix, meaning) in [("kgs", "kg"), ("kg", "kg"), ("lbs", "lb"), ("lb", "lb")] where number.hasSuffix(suffix) {
            number = String(number.dropLast(suffix.count))
            unit = meaning
            break
        }
        guard let value = FiniteNumber.parse(number, in: 0...10_000) else { return nil }
        return unit == "lb" ? MeasurementSystem.kilograms(fromPounds: value) : value
    }

    private static func seconds(_ text: String) -> Double? {
        let compact = text.replacingOccurrences(of: " ", with: "")
        let colon = compact.split(separator: ":", omittingEmptySubsequences: false)
        if colon.count == 2, let minutes = FiniteNumber.parse(String(colon[0]), in: 0...1440), minutes == minutes.rounded(),
            colon[1].count == 2, let seconds = FiniteNumber.parse(String(colon[1]), in: 0...59)
        {
            return minutes * 60 + seconds
        }
        for (suffix, factor) in [
            ("seconds", 1.0), ("secs", 1), ("sec", 1), ("minutes", 60), ("mins", 60), ("min", 60), ("s", 1), ("h", 3600),
        ]
        where compact.hasSuffix(suffix) {
            guard let value = FiniteNumber.parse(String(compact.dropLast(suffix.count)), in: 0...86_400) else { return nil }
            return value * factor
        }
        return nil
    }

    private static func meters(_ text: String) -> Double? {
        let compact = text.replacingOccurrences(of: " ", with: "")
        for (suffix, factor) in [("km", 1000.0), ("mi", MeasurementSystem.meters(fromMiles: 1)), ("m", 1)] where compact.hasSuffix(suffix) {
            guard let value = FiniteNumber.parse(String(compact.dropLast(suffix.count)), in: 0...1_000_000) else { return nil }
            return value * factor
        }
        return nil
    }

    private static func duration(_ seconds: Double) -> String {
        let whole = FiniteNumber.displayInt(seconds)
        if Double(whole) != seconds { return "\(number(seconds))s" }
        if whole < 60 { return "\(whole)s" }
        if whole % 60 == 0 { return "\(whole / 60) min" }
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }

    private static func distance(_ meters: Double) -> String {
        meters >= 1000 ? "\(number((meters / 10).rounded() / 100)) km" : "\(number(meters)) m"
    }

    private static func number(_ value: Double) -> String { EntryRule.number(value) }
}
