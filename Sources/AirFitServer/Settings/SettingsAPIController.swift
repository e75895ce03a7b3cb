import AirFitCore
import Foundation
import Hummingbird

/// The settings pages as JSON: `GET /api/v1/settings` and `PATCH /api/v1/settings` (units, appearance, notifications
/// and quiet hours, privacy). A PATCH sends any sections, each with any of its fields; the rest keep their values.
/// Each section sent is saved by Core's ``SettingsSection/apply(_:to:)``, the rule the pages' forms use, and a refused
/// value saves nothing (422 naming the section).
struct SettingsAPIController: Sendable {
    let repository: any AirFitRepository

    func addRoutes(to group: RouterGroup<APIRequestContext>) {
        group.get("/api/v1/settings") { _, context -> Response in
            try APIJSON.response(SettingsJSON(context.user))
        }
        group.patch("/api/v1/settings") { request, context -> Response in
            let change = try await APIJSON.decode(SettingsJSON.Change.self, request, what: "a settings change")
            var user = context.user
            var problems: [APIProblem.FieldProblem] = []
            for (section, overlay) in try change.sections() {
                var fields = section.fields(of: user)
                for (name, value) in overlay { fields[name] = value }
                for message in section.apply(fields, to: &user) {
                    problems.append(APIProblem.FieldProblem(field: SettingsJSON.name(of: section), message: message))
                }
            }
            guard problems.isEmpty else { throw APIProblem.invalid(problems) }
            if user != context.user { try await repository.updateUser(user, from: context.user) }
            return try APIJSON.response(SettingsJSON(user))
        }
    }
}

/// Every setting of the settings pages, in the member's words rather than the forms' field names.
struct SettingsJSON: Codable {
    var units: String
    var appearance: String
    var hapticFeedback: Bool
    var notifications: Notifications
    var privacy: Privacy

    struct Notifications: Codable {
        /// The master switch.
        var enabled: Bool
        /// Each category's own switch (a category sends only while `enabled` is on too).
        var categories: [String: Bool]
        var quietHours: QuietHoursJSON
        /// "07:30"; nil: 30 minutes after the wake time from onboarding.
        var checkInTime: String?
    }

    struct QuietHoursJSON: Codable {
        var enabled: Bool
        /// "22:00", a 24-hour clock.
        var start: String
        var end: String
    }

    struct Privacy: Codable {
        var appLock: Bool
        var appLockMinutes: Int
        var analytics: Bool
        /// What the coach is told, by item; the items that can't be left out are always `true`.
        var coachContext: [String: Bool]
    }

    init(_ user: User) {
        units = user.preferredUnits.rawValue
        appearance = user.appearanceMode.rawValue
        hapticFeedback = user.hapticFeedbackEnabled
        notifications = Notifications(
            enabled: user.notificationPreferences.systemEnabled,
            categories: Dictionary(
                uniqueKeysWithValues: NotificationCategory.allCases.map {
                    ($0.rawValue, user.notificationPreferences.isSwitchedOn($0))
                }),
            quietHours: QuietHoursJSON(
                enabled: user.quietHours.enabled, start: user.quietHours.start.description, end: user.quietHours.end.description),
            checkInTime: user.notificationPreferences.checkInTime?.description)
        let policy = CoachContextPolicy(user: user)
        privacy = Privacy(
            appLock: user.appLockEnabled, appLockMinutes: user.appLockTimeoutMinutes, analytics: user.analyticsEnabled,
            coachContext: Dictionary(uniqueKeysWithValues: CoachContextItem.allCases.map { ($0.rawValue, policy.shares($0)) }))
    }

    /// The JSON member a section's problems are reported under.
    static func name(of section: SettingsSection) -> String {
        switch section {
        case .units: "units"
        case .appearance: "appearance"
        case .notifications: "notifications"
        case .privacy: "privacy"
        case .about: "about"
        }
    }

    /// A change: any sections, each with any of its fields. Unknown categories or context items are refused.
    struct Change: Decodable {
        var units: String?
        var appearance: String?
        var hapticFeedback: Bool?
        var notifications: NotificationsChange?
        var privacy: PrivacyChange?

        struct NotificationsChange: Decodable {
            var enabled: Bool?
            var categories: [String: Bool]?
            var quietHours: QuietHoursChange?
            var checkInTime: String?
        }

        struct QuietHoursChange: Decodable {
            var enabled: Bool?
            var start: String?
            var end: String?
        }

        struct PrivacyChange: Decodable {
            var appLock: Bool?
            var appLockMinutes: Int?
            var analytics: Bool?
            var coachContext: [String: Bool]?
        }

        /// Each section the change touches, with the form fields it sets (`nil`: the box unticked).
        func sections() throws(APIProblem) -> [(SettingsSection, [String: String?])] {
            func box(_ on: Bool) -> String? { on ? "on" : nil }
            var sections: [(SettingsSection, [String: String?])] = []
            if let units { sections.append((.units, ["units": units])) }
            if appearance != nil || hapticFeedback != nil {
                var fields: [String: String?] = [:]
                if let appearance { fields["appearance"] = appearance }
                if let hapticFeedback { fields["haptics"] = box(hapticFeedback) }
                sections.append((.appearance, fields))
            }
            if let notifications {
                var fields: [String: String?] = [:]
                if let enabled = notifications.enabled { fields["system"] = box(enabled) }
                for (name, on) in notifications.categories ?? [:] {
                    guard NotificationCategory(rawValue: name) != nil else {
                        throw Self.unknown("notifications.categories.\(name)", NotificationCategory.allCases.map(\.rawValue))
                    }
                    fields["cat_\(name)"] = box(on)
                }
                if let quiet = notifications.quietHours {
                    if let enabled = quiet.enabled { fields["quiet"] = box(enabled) }
                    if let start = quiet.start { fields["quiet_start"] = start }
                    if let end = quiet.end { fields["quiet_end"] = end }
                }
                if let checkInTime = notifications.checkInTime { fields["checkin_time"] = checkInTime }
                sections.append((.notifications, fields))
            }
            if let privacy {
                var fields: [String: String?] = [:]
                if let appLock = privacy.appLock { fields["app_lock"] = box(appLock) }
                if let minutes = privacy.appLockMinutes { fields["lock_minutes"] = String(minutes) }
                if let analytics = privacy.analytics { fields["analytics"] = box(analytics) }
                for (name, on) in privacy.coachContext ?? [:] {
                    guard let item = CoachContextItem(rawValue: name) else {
                        throw Self.unknown("privacy.coachContext.\(name)", CoachContextItem.allCases.map(\.rawValue))
                    }
                    guard item.canBeLeftOut || on else {
                        throw APIProblem.invalid([
                            .init(field: "privacy.coachContext.\(name)", message: "The coach always needs \(item.title.lowercased()).")
                        ])
                    }
                    fields["share_\(name)"] = box(on)
                }
                sections.append((.privacy, fields))
            }
            return sections
        }

        private static func unknown(_ field: String, _ known: [String]) -> APIProblem {
            APIProblem.invalid([.init(field: field, message: "Not a known name; use \(known.joined(separator: ", ")).")])
        }
    }
}
