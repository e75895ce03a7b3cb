/// The weight chart's data: each weigh-in in the range with the trailing 7-day average at that day, and the goal.
public struct WeightTrend: Sendable, Equatable {
    /// Days in the moving average, the weigh-in's own day included.
    public static let averageDays = 7

    /// One weigh-in.
    public struct Point: Sendable, Equatable {
        public var day: CalendarDay
        public var kilograms: Double
        /// The mean of the weigh-ins in the ``WeightTrend/averageDays`` days ending on `day`.
        public var averageKilograms: Double

        /// Creates a point.
        public init(day: CalendarDay, kilograms: Double, averageKilograms: Double) {
            self.day = day
            self.kilograms = kilograms
            self.averageKilograms = averageKilograms
        }
    }

    /// The weigh-ins in the range, oldest first.
    public var points: [Point]
    /// The goal weight, when the person set one.
    public var goalKilograms: Double?

    /// The trend of `logs` (which may start up to six days before `window`, so its first averages are whole).
    public init(logs: [DailyLog], window: ClosedRange<CalendarDay>, goalKilograms: Double?) {
        let weighIns = logs.compactMap { log -> (day: CalendarDay, value: Double)? in
            guard let kilograms = log.weightKg, kilograms.isFinite, kilograms > 0, let day = CalendarDay(log.day) else { return nil }
            return (day, kilograms)
        }
        let values = Dictionary(weighIns.map { ($0.day, $0.value) }, uniquingKeysWith: { _, last in last })
        points = MovingAverage.trailing(weighIns, days: Self.averageDays).compactMap { entry in
            guard window.contains(entry.day), let kilograms = values[entry.day] else { return nil }
            return Point(day: entry.day, kilograms: kilograms, averageKilograms: entry.average)
        }
        self.goalKilograms = goalKilograms
    }

    /// The key takeaway in one sentence, in `units`; nil when nothing was logged.
    public func takeaway(units: MeasurementSystem) -> String? {
        guard let first = points.first, let last = points.last else { return nil }
        let format = { (kilograms: Double) in units.formatWeight(kilograms: kilograms, fractionDigits: 1) }
        var sentence = "Your 7-day average weight is \(format(last.averageKilograms)) on \(last.day.shortLabel)"
        let change = last.averageKilograms - first.averageKilograms
        if points.count > 1 {
            let shown = units.formatWeight(kilograms: abs(change), fractionDigits: 1)
            sentence +=
                shown.hasPrefix("0 ")
                ? ", steady since \(first.day.shortLabel)" : ", \(change < 0 ? "down" : "up") \(shown) since \(first.day.shortLabel)"
        }
        if let goalKilograms {
            let gap = goalKilograms - last.averageKilograms
            let shown = units.formatWeight(kilograms: abs(gap), fractionDigits: 1)
            sentence +=
                shown.hasPrefix("0 ")
                ? "; you are at your goal of \(format(goalKilograms))" : "; \(shown) to go to your goal of \(format(goalKilograms))"
        }
        return sentence + "."
    }
}
