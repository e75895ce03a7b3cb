/// The wellbeing chart's data: sleep quality, energy and stress (1–5) from the check-ins in the range.
public struct WellbeingDays: Sendable, Equatable {
    /// One check-in's ratings (each nil when not given).
    public struct Day: Sendable, Equatable {
        public var day: CalendarDay
        public var sleepQuality: Int?
        public var energy: Int?
        public var stress: Int?

        /// Creates a day.
        public init(day: CalendarDay, sleepQuality: Int?, energy: Int?, stress: Int?) {
            self.day = day
            self.sleepQuality = sleepQuality
            self.energy = energy
            self.stress = stress
        }
    }

    /// Check-ins in the range with at least one rating, oldest first.
    public var days: [Day]

    /// The ratings of the `logs` in `window` (a rating outside 1–5 is left out).
    public init(logs: [DailyLog], window: ClosedRange<CalendarDay>) {
        let rating = { (value: Int?) in value.flatMap { (1...5).contains($0) ? $0 : nil } }
        days = logs.compactMap { log -> Day? in
            guard let day = CalendarDay(log.day), window.contains(day) else { return nil }
            let entry = Day(day: day, sleepQuality: rating(log.sleepQuality), energy: rating(log.energy), stress: rating(log.stress))
            return entry.sleepQuality == nil && entry.energy == nil && entry.stress == nil ? nil : entry
        }
        .sorted { $0.day < $1.day }
    }

    /// The key takeaway in one sentence; nil when no rating was logged.
    public var takeaway: String? {
        guard !days.isEmpty else { return nil }
        let averages = [
            ("sleep", days.compactMap(\.sleepQuality)), ("energy", days.compactMap(\.energy)), ("stress", days.compactMap(\.stress)),
        ]
        .compactMap { name, values -> String? in
            values.isEmpty ? nil : "\(name) \(MeasurementSystem.number(Double(values.reduce(0, +)) / Double(values.count), 1))"
        }
        return "Over \(days.count) \(days.count == 1 ? "check-in" : "check-ins") your averages out of 5 were "
            + averages.joined(separator: ", ") + "."
    }
}
