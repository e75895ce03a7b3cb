import Foundation

/// How regular the person's sleep is.
public enum SleepRhythmType: String, Codable, CaseIterable, Sendable {
    case consistent = "consistent"
    case weekendsDifferent = "weekends_different"
    case highlyVariable = "highly_variable"

    /// The label a person reads.
    public var displayName: String {
        switch self {
        case .consistent: return "Consistent"
        case .weekendsDifferent: return "Weekends Different"
        case .highlyVariable: return "Highly Variable"
        }
    }
}

/// Bedtime, wake time and rhythm; the coach stays quiet between bedtime and wake time.
public struct SleepSchedule: Codable, Sendable, Equatable {
    public var bedtime: TimeOfDay
    public var wakeTime: TimeOfDay
    public var rhythm: SleepRhythmType

    /// Creates a schedule.
    public init(bedtime: TimeOfDay, wakeTime: TimeOfDay, rhythm: SleepRhythmType) {
        self.bedtime = bedtime
        self.wakeTime = wakeTime
        self.rhythm = rhythm
    }

    /// The spec's defaults: 22:30 to 06:30, consistent.
    public static let `default` = SleepSchedule(
        bedtime: TimeOfDay(hour: 22, minute: 30)!, wakeTime: TimeOfDay(hour: 6, minute: 30)!, rhythm: .consistent)

    /// Sleep duration in minutes (wrapping past midnight).
    public var durationMinutes: Int {
        let diff = wakeTime.minutesSinceMidnight - bedtime.minutesSinceMidnight
        return diff > 0 ? diff : diff + 24 * 60
    }

    /// Whether a time falls in the sleep window.
    public func isAsleep(at time: TimeOfDay) -> Bool { time.isWithin(from: bedtime, to: wakeTime) }
}
