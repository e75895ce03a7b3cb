public import Foundation

/// A weekly window when the person can usually train.
public struct WorkoutAvailabilityBlock: Codable, Identifiable, Sendable, Equatable {
    public var id: UUID
    /// 1 = Sunday … 7 = Saturday.
    public var dayOfWeek: Int
    public var startTime: TimeOfDay
    public var endTime: TimeOfDay

    /// Creates a block.
    public init(id: UUID = UUID(), dayOfWeek: Int, startTime: TimeOfDay, endTime: TimeOfDay) {
        self.id = id
        self.dayOfWeek = dayOfWeek
        self.startTime = startTime
        self.endTime = endTime
    }

    /// Day names indexed by `dayOfWeek - 1`.
    public static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The weekday's name ("Monday"), or "Unknown day" when out of range.
    public var dayName: String {
        (1...7).contains(dayOfWeek) ? Self.dayNames[dayOfWeek - 1] : "Unknown day"
    }

    /// The longest slot that runs past midnight (a night shift's training window), in minutes.
    public static let maximumOvernightMinutes = 12 * 60

    /// Whether the slot runs past midnight into the next day (its end is earlier than its start).
    public var isOvernight: Bool { endTime < startTime }

    /// How long the slot lasts, in minutes (0 when it starts and ends at the same time).
    public var durationMinutes: Int {
        (endTime.minutesSinceMidnight - startTime.minutesSinceMidnight + 1440) % 1440
    }

    /// Whether two slots share any minute of the week, overnight slots included (Saturday night runs into Sunday).
    public func overlaps(_ other: WorkoutAvailabilityBlock) -> Bool {
        let week = 7 * 1440
        let start = (dayOfWeek - 1) * 1440 + startTime.minutesSinceMidnight
        let otherStart = (other.dayOfWeek - 1) * 1440 + other.startTime.minutesSinceMidnight
        return [-week, 0, week].contains { shift in
            start < otherStart + shift + other.durationMinutes && otherStart + shift < start + durationMinutes
        }
    }

    /// "7:00 AM – 8:00 AM", or "10:00 PM – 12:30 AM (overnight)".
    public var timeRange: String {
        "\(startTime.twelveHourDescription) – \(endTime.twelveHourDescription)\(isOvernight ? " (overnight)" : "")"
    }
}
