import Foundation

/// Light, dark, or follow the system.
public enum AppearanceMode: String, Codable, CaseIterable, Sendable {
    case light, dark, system

    /// The label a person reads.
    public var displayName: String {
        switch self {
        case .light: return "Light"
        case .dark: return "Dark"
        case .system: return "System"
        }
    }
}

/// The first day of the week in calendars and summaries.
public enum WeekStart: String, Codable, CaseIterable, Sendable {
    case sunday, monday

    /// The label a person reads: "Sunday" or "Monday".
    public var displayName: String { rawValue.capitalized }

    /// The days of a week in the order this start lists them, as weekday numbers (1 = Sunday … 7 = Saturday).
    public var weekdays: [Int] { self == .sunday ? [1, 2, 3, 4, 5, 6, 7] : [2, 3, 4, 5, 6, 7, 1] }
}

/// Self-reported fitness level.
public enum FitnessLevel: String, Codable, CaseIterable, Sendable {
    case beginner, intermediate, advanced, athlete

    /// The label a person reads.
    public var displayName: String { rawValue.capitalized }
}

/// A notification category the coach may send.
public enum NotificationCategory: String, Codable, CodingKeyRepresentable, CaseIterable, Sendable {
    case morningBriefing = "morning_briefing"
    case workoutReminders = "workout_reminders"
    case mealLogging = "meal_logging"
    case dailyCheckIn = "daily_check_in"
    case achievements
    case coachInsights = "coach_insights"

    /// The label a person reads.
    public var displayName: String {
        switch self {
        case .morningBriefing: return "Morning briefing"
        case .workoutReminders: return "Workout reminders"
        case .mealLogging: return "Meal logging reminders"
        case .dailyCheckIn: return "Daily check-in"
        case .achievements: return "Achievements"
        case .coachInsights: return "Coach insights"
        }
    }
}

/// Which notifications are on.
public struct NotificationPreferences: Codable, Sendable, Equatable {
    /// The master switch (the spec's system permission).
    public var systemEnabled: Bool
    /// Per-category switches; a missing category counts as enabled.
    public var categories: [NotificationCategory: Bool]

    /// Creates preferences with everything enabled.
    public init(systemEnabled: Bool = true, categories: [NotificationCategory: Bool] = [:]) {
        self.systemEnabled = systemEnabled
        self.categories = categories
    }

    /// Whether a category is on (and the master switch too).
    public func isEnabled(_ category: NotificationCategory) -> Bool {
        systemEnabled && (categories[category] ?? true)
    }
}

/// A daily window in which the coach sends nothing.
public struct QuietHours: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var start: TimeOfDay
    public var end: TimeOfDay

    /// Creates quiet hours (default 22:00–07:00, on).
    public init(enabled: Bool = true, start: TimeOfDay = TimeOfDay(hour: 22, minute: 0)!, end: TimeOfDay = TimeOfDay(hour: 7, minute: 0)!) {
        self.enabled = enabled
        self.start = start
        self.end = end
    }

    /// Whether a time is inside the quiet window.
    public func contains(_ time: TimeOfDay) -> Bool { enabled && time.isWithin(from: start, to: end) }
}

/// A saved place for weather.
public struct SavedLocation: Codable, Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var name: String?

    /// Creates a location.
    public init(latitude: Double, longitude: Double, name: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.name = name
    }
}
