public import Foundation

/// The strength charts' data: for the exercises done in the most sessions, the best estimated one-rep max of each
/// session, with the sessions that beat every earlier one in the range marked as personal bests.
public struct StrengthProgress: Sendable, Equatable {
    /// The most exercises charted.
    public static let maximumLifts = 6

    /// One session's best set of an exercise.
    public struct Session: Sendable, Equatable {
        public var day: CalendarDay
        /// The best estimated one-rep max among the session's sets.
        public var kilograms: Double
        /// Higher than every earlier session of the exercise in the range (the first session has nothing to beat).
        public var isPersonalBest: Bool

        /// Creates a session.
        public init(day: CalendarDay, kilograms: Double, isPersonalBest: Bool) {
            self.day = day
            self.kilograms = kilograms
            self.isPersonalBest = isPersonalBest
        }
    }

    /// One exercise and its sessions, oldest first.
    public struct Lift: Sendable, Equatable {
        /// The name as last written.
        public var name: String
        public var sessions: [Session]

        /// Creates a lift.
        public init(name: String, sessions: [Session]) {
            self.name = name
            self.sessions = sessions
        }

        /// The best session (the earliest of equals).
        public var best: Session? {
            sessions.reduce(nil) { best, session in (best.map { session.kilograms > $0.kilograms } ?? true) ? session : best }
        }

        /// The key takeaway in one sentence, in `units`.
        public func takeaway(units: MeasurementSystem) -> String {
            let format = { (kilograms: Double) in units.formatWeight(kilograms: kilograms, fractionDigits: 1) }
            guard let best, let first = sessions.first, let last = sessions.last else { return "\(name): no sets to estimate from." }
            var sentence = "\(name): best estimated one-rep max \(format(best.kilograms)) on \(best.day.shortLabel)"
            if sessions.count > 1 {
                sentence += ", from \(format(first.kilograms)) at the first session to \(format(last.kilograms)) at the last"
            }
            let bests = sessions.filter(\.isPersonalBest).count
            if bests > 0 { sentence += "; \(bests) personal \(bests == 1 ? "best" : "bests")" }
            return sentence + "."
        }
    }

    /// At most ``maximumLifts`` exercises, most sessions first (then by name).
    public var lifts: [Lift]

    /// The lifts of the `workouts` that started on a day of `window` in `zone`.
    public init(workouts: [Workout], window: ClosedRange<CalendarDay>, zone: TimeZone) {
        var byKey: [String: [(at: Date, id: UUID, name: String, session: Session)]] = [:]
        for workout in workouts {
            let day = CalendarDay(workout.startedAt, in: zone)
            guard window.contains(day) else { continue }
            var best: [String: (name: String, kilograms: Double)] = [:]
            for exercise in workout.exercises {
                let key = Self.key(exercise.name)
                guard !key.isEmpty, let kilograms = EstimatedOneRepMax.best(of: exercise.sets) else { continue }
                if kilograms > best[key]?.kilograms ?? 0 { best[key] = (exercise.name.trimmingCharacters(in: .whitespaces), kilograms) }
            }
            for (key, found) in best {
                byKey[key, default: []].append(
                    (workout.startedAt, workout.id, found.name, Session(day: day, kilograms: found.kilograms, isPersonalBest: false)))
            }
        }
        lifts =
            byKey.values.map { entries in
                let ordered = entries.sorted { ($0.at, $0.id.uuidString) < ($1.at, $1.id.uuidString) }
                var record: Double?
                let sessions = ordered.map { item in
                    var session = item.session
                    session.isPersonalBest = record.map { session.kilograms > $0 } ?? false
                    record = max(record ?? session.kilograms, session.kilograms)
                    return session
                }
                // Names differing only in case or spacing are one exercise, shown as last written.
                return Lift(name: ordered.last?.name ?? "", sessions: sessions)
            }
            .sorted { ($1.sessions.count, $0.name.lowercased()) < ($0.sessions.count, $1.name.lowercased()) }
            .prefix(Self.maximumLifts).map { $0 }
    }

    /// The exercise's identity: lower-cased, spaces collapsed.
    static func key(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
