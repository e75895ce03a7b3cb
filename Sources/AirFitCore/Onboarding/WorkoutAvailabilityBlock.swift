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

    /// Whether two blocks on the same day overlap in time.
    public func overlaps(_ other: WorkoutAvailabilityBlock) -> Bool {
        dayOfWeek == other.dayOfWeek && startTime < other.endTime && other.startTime < endTime
    }
}
