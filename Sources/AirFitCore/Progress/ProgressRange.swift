public import Foundation

/// How far back the progress page looks: `?range=4w|3m|1y`.
public enum ProgressRange: String, CaseIterable, Sendable {
    case fourWeeks = "4w"
    case threeMonths = "3m"
    case oneYear = "1y"

    /// The range shown when none is asked for.
    public static let `default`: ProgressRange = .fourWeeks

    /// Days shown, today included.
    public var days: Int {
        switch self {
        case .fourWeeks: 28
        case .threeMonths: 91
        case .oneYear: 365
        }
    }

    /// The link's label.
    public var title: String {
        switch self {
        case .fourWeeks: "4 weeks"
        case .threeMonths: "3 months"
        case .oneYear: "1 year"
        }
    }

    /// The range a query value names: nil (absent) is the default.
    /// - Throws: ``Problem`` for anything but `4w`, `3m` or `1y`.
    public static func parse(_ text: String?) throws(Problem) -> ProgressRange {
        guard let text else { return .default }
        guard let range = ProgressRange(rawValue: text) else { throw Problem() }
        return range
    }

    /// A `range` that is not one of the three.
    public struct Problem: Error, Equatable {
        /// What the person reads.
        public let message = "There is no such range. Choose 4 weeks (4w), 3 months (3m) or 1 year (1y)."
    }

    /// The days shown for a person in `zone` at `now`: the last ``days`` days, today last.
    public func window(now: Date, zone: TimeZone) -> ClosedRange<CalendarDay> {
        let today = CalendarDay(now, in: zone)
        return today.adding(days: -(days - 1))...today
    }
}
