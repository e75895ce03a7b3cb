import AirFitCore
import Foundation

/// Where the charts' axes and lines fall: day spans and labels, week labels, tick text, runs of close points.
extension ProgressCharts {
    /// The indexes of `days` (ascending) in runs whose neighbours are at most `longestGap` days apart.
    static func runs(_ days: [CalendarDay], longestGap: Int) -> [[Int]] {
        var runs: [[Int]] = []
        for (index, day) in days.enumerated() {
            if let last = runs.last?.last, days[last].days(to: day) <= longestGap {
                runs[runs.count - 1].append(index)
            } else {
                runs.append([index])
            }
        }
        return runs
    }

    /// The x span of a range of days, half a day of margin each side.
    static func dayDomain(_ window: ClosedRange<CalendarDay>) -> ClosedRange<Double> {
        (Double(window.lowerBound.ordinal) - 0.5)...(Double(window.upperBound.ordinal) + 0.5)
    }

    /// First, middle and last day of the range.
    static func dayTicks(_ window: ClosedRange<CalendarDay>) -> [(value: Double, label: String)] {
        let first = window.lowerBound
        let last = window.upperBound
        let middle = first.adding(days: first.days(to: last) / 2)
        return [first, middle, last].map { (Double($0.ordinal), $0.shortLabel) }
    }

    /// First, middle and last of a list of labels placed at 0, 1, 2, …
    static func indexTicks(_ labels: [String]) -> [(value: Double, label: String)] {
        guard !labels.isEmpty else { return [] }
        let indexes = Array(Set([0, (labels.count - 1) / 2, labels.count - 1])).sorted()
        return indexes.map { (Double($0), labels[$0]) }
    }

    /// "75", "2.5", "1200".
    static func tickLabel(_ value: Double) -> String {
        if value == value.rounded() { return String(FiniteNumber.displayInt(value)) }
        return String(format: "%.1f", value)
    }
}
