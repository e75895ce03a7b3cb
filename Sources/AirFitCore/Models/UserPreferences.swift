public import Foundation

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

/// A notification category the coach may send, each switchable in Settings → Notifications.
public enum NotificationCategory: String, Codable, CodingKeyRepresentable, CaseIterable, Sendable {
    case dailyCheckIn = "daily_check_in"
    case workoutReminders = "workout_reminders"
    case mealLogging = "meal_logging"
    case hydration
    case achievements
    case reEngagement = "re_engagement"
    case recommendations
    case emailDigest = "email_digest"

    /// The label a person reads.
    public var displayName: String {
        switch self {
        case .dailyCheckIn: "Daily check-in"
        case .workoutReminders: "Workout reminders"
        case .mealLogging: "Meal reminders"
        case .hydration: "Hydration reminders"
        case .achievements: "Achievements"
        case .reEngagement: "Checking in after a break"
        case .recommendations: "New recommendations to review"
        case .emailDigest: "Daily email digest"
        }
    }

    /// One line under the switch saying what it sends.
    public var detail: String {
        switch self {
        case .dailyCheckIn: "A short check-in from your coach each day at the time below."
        case .workoutReminders: "Before each planned session, unless you already logged it."
        case .mealLogging: "Around your usual meal times."
        case .hydration: "A few nudges to drink water during the day."
        case .achievements: "Personal bests, streaks and goal milestones, in your coach's style."
        case .reEngagement: "After three days without a log or a chat, once."
        case .recommendations: "When your coach has plan changes waiting on the Activity page."
        case .emailDigest: "Once a day, what arrived in your inbox, by email."
        }
    }

    /// The name the settings page's test ids and form use, such as `dailyCheck` (`notifications.dailyCheck`).
    public var formKey: String {
        switch self {
        case .dailyCheckIn: "dailyCheck"
        case .workoutReminders: "workout"
        case .mealLogging: "meal"
        case .hydration: "hydration"
        case .achievements: "achievement"
        case .reEngagement: "reEngagement"
        case .recommendations: "recommendations"
        case .emailDigest: "emailDigest"
        }
    }

    /// Whether the category is on before a member changes it: meal and hydration reminders and the email digest
    /// are opt-in.
    public var isOnByDefault: Bool {
        switch self {
        case .mealLogging, .hydration, .emailDigest: false
        default: true
        }
    }

    /// How long after falling due a notification of this category is still worth sending (a scheduler that was
    /// down sends no 23-hour-old reminder); `nil`: always.
    public var lifetime: TimeInterval? {
        switch self {
        case .dailyCheckIn: 12 * 3600
        case .workoutReminders, .mealLogging, .hydration: 2 * 3600
        case .achievements, .reEngagement, .recommendations, .emailDigest: nil
        }
    }

    /// The category a stored name means: today's names, and `coach_insights` (what recommendations were called
    /// before); `nil` for a name no longer used (`morning_briefing`, folded into the daily check-in).
    public init?(storedName: String) {
        if let category = NotificationCategory(rawValue: storedName) {
            self = category
        } else if storedName == "coach_insights" {
            self = .recommendations
        } else {
            return nil
        }
    }
}

/// Which notifications are on, and when the daily check-in comes.
public struct NotificationPreferences: Codable, Sendable, Equatable {
    /// The master switch (the spec's system permission).
    public var systemEnabled: Bool
    /// Per-category switches; a missing category has its ``NotificationCategory/isOnByDefault``.
    public var categories: [NotificationCategory: Bool]
    /// The daily check-in's local time; `nil`: 30 minutes after the wake time from onboarding (else 08:00).
    public var checkInTime: TimeOfDay?

    /// Creates preferences with every category at its default.
    public init(systemEnabled: Bool = true, categories: [NotificationCategory: Bool] = [:], checkInTime: TimeOfDay? = nil) {
        self.systemEnabled = systemEnabled
        self.categories = categories
        self.checkInTime = checkInTime
    }

    /// Whether a category is on (and the master switch too).
    public func isEnabled(_ category: NotificationCategory) -> Bool {
        systemEnabled && isSwitchedOn(category)
    }

    /// The category's own switch, whatever the master switch says.
    public func isSwitchedOn(_ category: NotificationCategory) -> Bool {
        categories[category] ?? category.isOnByDefault
    }

    /// The check-in time in effect: the chosen one, else 30 minutes after `wakeTime`, else 08:00.
    public func effectiveCheckInTime(wakeTime: TimeOfDay?) -> TimeOfDay {
        if let checkInTime { return checkInTime }
        if let wakeTime {
            let minutes = (wakeTime.minutesSinceMidnight + 30) % (24 * 60)
            return TimeOfDay(hour: minutes / 60, minute: minutes % 60) ?? Self.fallbackCheckInTime
        }
        return Self.fallbackCheckInTime
    }

    /// 08:00, the check-in time when neither a chosen time nor a wake time is known (a valid literal).
    public static let fallbackCheckInTime = TimeOfDay(hour: 8, minute: 0)!

    private enum CodingKeys: String, CodingKey {
        case systemEnabled, categories, checkInTime
    }

    /// Reads stored preferences; category names no longer used are dropped, renamed ones mapped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        systemEnabled = try container.decode(Bool.self, forKey: .systemEnabled)
        let stored = try container.decodeIfPresent([String: Bool].self, forKey: .categories) ?? [:]
        var categories: [NotificationCategory: Bool] = [:]
        for (name, on) in stored.sorted(by: { $0.key < $1.key }) {
            guard let category = NotificationCategory(storedName: name) else { continue }
            // Today's name wins over the old one when both are present.
            if categories[category] == nil || name == category.rawValue { categories[category] = on }
        }
        self.categories = categories
        checkInTime = try container.decodeIfPresent(TimeOfDay.self, forKey: .checkInTime)
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
