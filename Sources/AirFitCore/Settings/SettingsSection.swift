public import Foundation

/// The settings pages with a form, and the rules for what each accepts: one place for the web form, and for any
/// other way of changing them later (the API).
public enum SettingsSection: String, CaseIterable, Sendable {
    case units, appearance, notifications, privacy, about

    /// The page's title.
    public var title: String {
        switch self {
        case .units: return "Units"
        case .appearance: return "Appearance"
        case .notifications: return "Notifications"
        case .privacy: return "Privacy & security"
        case .about: return "About"
        }
    }

    /// The form `user`'s current settings would post for this section (`apply` of it changes nothing): the base a
    /// partial change from another client (the API) is written over.
    public func fields(of user: User) -> [String: String] {
        var fields: [String: String] = [:]
        func check(_ name: String, _ on: Bool) { if on { fields[name] = "on" } }
        switch self {
        case .units:
            fields["units"] = user.preferredUnits.rawValue
        case .appearance:
            fields["appearance"] = user.appearanceMode.rawValue
            check("haptics", user.hapticFeedbackEnabled)
        case .notifications:
            check("system", user.notificationPreferences.systemEnabled)
            for category in NotificationCategory.allCases {
                check("cat_\(category.rawValue)", user.notificationPreferences.isSwitchedOn(category))
            }
            fields["checkin_time"] = user.notificationPreferences.checkInTime?.description ?? ""
            check("quiet", user.quietHours.enabled)
            fields["quiet_start"] = user.quietHours.start.description
            fields["quiet_end"] = user.quietHours.end.description
        case .privacy:
            check("app_lock", user.appLockEnabled)
            fields["lock_minutes"] = String(user.appLockTimeoutMinutes)
            check("analytics", user.analyticsEnabled)
            fields["coach_sees"] = "on"
            let policy = CoachContextPolicy(user: user)
            for item in CoachContextItem.allCases where item.canBeLeftOut { check("share_\(item.rawValue)", policy.shares(item)) }
        case .about:
            break
        }
        return fields
    }

    /// Applies a submitted form (`name → value`; a ticked checkbox is present, an unticked one absent) to `user`.
    /// - Returns: messages for values that cannot be saved; `user` is left as it was when there are any.
    public func apply(_ fields: [String: String], to user: inout User) -> [String] {
        func isChecked(_ name: String) -> Bool { fields[name] != nil }
        var edited = user
        switch self {
        case .units:
            guard let system = fields["units"].flatMap(MeasurementSystem.init(rawValue:)) else { return ["Choose Imperial or Metric."] }
            edited.preferredUnits = system
        case .appearance:
            guard let mode = fields["appearance"].flatMap(AppearanceMode.init(rawValue:)) else { return ["Choose Light, Dark or System."] }
            edited.appearanceMode = mode
            edited.hapticFeedbackEnabled = isChecked("haptics")
        case .notifications:
            var preferences = NotificationPreferences(systemEnabled: isChecked("system"))
            for category in NotificationCategory.allCases { preferences.categories[category] = isChecked("cat_\(category.rawValue)") }
            let checkIn = fields["checkin_time", default: ""].trimmingCharacters(in: .whitespaces)
            if !checkIn.isEmpty {
                guard let time = TimeOfDay(checkIn) else { return ["Enter the check-in time as a time like 7:30 AM, or leave it empty."] }
                preferences.checkInTime = time
            }
            guard let start = fields["quiet_start"].flatMap(TimeOfDay.init), let end = fields["quiet_end"].flatMap(TimeOfDay.init) else {
                return ["Enter quiet hours as times like 10:00 PM."]
            }
            guard start != end else {
                return [
                    "Quiet hours start and end at the same time (\(start.twelveHourDescription)), so they would cover no time. Choose an end time."
                ]
            }
            edited.notificationPreferences = preferences
            edited.quietHours = QuietHours(enabled: isChecked("quiet"), start: start, end: end)
        case .privacy:
            guard let minutes = fields["lock_minutes"].flatMap({ Int($0) }), AppLockRule.minutes.contains(minutes) else {
                return [AppLockRule.problem]
            }
            edited.appLockEnabled = isChecked("app_lock")
            edited.appLockTimeoutMinutes = minutes
            edited.analyticsEnabled = isChecked("analytics")
            // The switches are read only when the form has them (`coach_sees`), so a form without them changes nothing.
            if isChecked("coach_sees") {
                let excluded = CoachContextItem.allCases.filter { $0.canBeLeftOut && !isChecked("share_\($0.rawValue)") }
                edited.coachContextExclusions = excluded.isEmpty ? nil : excluded.map(\.rawValue)
            }
        case .about:
            break
        }
        user = edited
        return []
    }
}
