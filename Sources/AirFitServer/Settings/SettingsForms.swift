import AirFitCore
import Foundation

/// Builds each settings page's template context from the user, and applies its form back.
enum SettingsForms {
    /// The template values of `section` for `user`.
    static func context(_ section: SettingsSection, user: User) -> [String: Any] {
        switch section {
        case .units:
            return [
                "systems": MeasurementSystem.allCases.map { system -> [String: Any] in
                    [
                        "value": system.rawValue, "name": system.displayName, "checked": system == user.preferredUnits,
                        "examples": examples(system),
                    ]
                }
            ]
        case .appearance:
            return [
                "modes": AppearanceMode.allCases.map { mode -> [String: Any] in
                    ["value": mode.rawValue, "name": mode.displayName, "checked": mode == user.appearanceMode]
                },
                "haptics": user.hapticFeedbackEnabled,
            ]
        case .notifications:
            return [
                "system": user.notificationPreferences.systemEnabled,
                "categories": NotificationCategory.allCases.map { category -> [String: Any] in
                    [
                        "value": category.rawValue, "name": category.displayName,
                        "checked": user.notificationPreferences.isEnabled(category),
                    ]
                },
                "quiet": user.quietHours.enabled, "quietStart": user.quietHours.start.description,
                "quietEnd": user.quietHours.end.description,
            ]
        case .privacy:
            let policy = CoachContextPolicy(user: user)
            return [
                "appLock": user.appLockEnabled, "lockMinutes": user.appLockTimeoutMinutes, "analytics": user.analyticsEnabled,
                "contextItems": CoachContextItem.allCases.map { item -> [String: Any] in
                    [
                        "value": item.rawValue, "title": item.title, "detail": item.detail, "optional": item.canBeLeftOut,
                        "shared": policy.shares(item),
                    ]
                },
            ]
        case .about:
            return ["version": AirFitVersion.current, "build": AirFitBuild.description]
        }
    }

    /// The spec's live examples: "150 lbs · 5'10" · 3 miles · 72°F" / "68 kg · 178 cm · 5 km · 22°C".
    static func examples(_ system: MeasurementSystem) -> String {
        let distance =
            system == .imperial
            ? system.formatDistance(meters: MeasurementSystem.meters(fromMiles: 3)) : system.formatDistance(meters: 5000)
        return [
            system.formatWeight(kilograms: 68), system.formatHeight(centimeters: 178), distance,
            system.formatTemperature(celsius: 22),
        ].joined(separator: " · ")
    }

    /// Applies `form` to `user`; returns messages for values that cannot be saved (and leaves `user` unsaved then).
    static func apply(_ section: SettingsSection, form: FormData, to user: inout User) -> [String] {
        switch section {
        case .units:
            guard let system = form["units"].flatMap(MeasurementSystem.init(rawValue:)) else { return ["Choose Imperial or Metric."] }
            user.preferredUnits = system
        case .appearance:
            guard let mode = form["appearance"].flatMap(AppearanceMode.init(rawValue:)) else { return ["Choose Light, Dark or System."] }
            user.appearanceMode = mode
            user.hapticFeedbackEnabled = form.isChecked("haptics")
        case .notifications:
            var preferences = NotificationPreferences(systemEnabled: form.isChecked("system"))
            for category in NotificationCategory.allCases { preferences.categories[category] = form.isChecked("cat_\(category.rawValue)") }
            guard let start = form["quiet_start"].flatMap(TimeOfDay.init), let end = form["quiet_end"].flatMap(TimeOfDay.init) else {
                return ["Enter quiet hours as times like 22:00."]
            }
            user.notificationPreferences = preferences
            user.quietHours = QuietHours(enabled: form.isChecked("quiet"), start: start, end: end)
        case .privacy:
            guard let minutes = form["lock_minutes"].flatMap({ Int($0) }), AppLockRule.minutes.contains(minutes) else {
                return [AppLockRule.problem]
            }
            user.appLockEnabled = form.isChecked("app_lock")
            user.appLockTimeoutMinutes = minutes
            user.analyticsEnabled = form.isChecked("analytics")
            // The switches are read only when the form has them (`coach_sees`), so a form without them changes nothing.
            if form.isChecked("coach_sees") {
                let excluded = CoachContextItem.allCases.filter { $0.canBeLeftOut && !form.isChecked("share_\($0.rawValue)") }
                user.coachContextExclusions = excluded.isEmpty ? nil : excluded.map(\.rawValue)
            }
        case .about:
            break
        }
        return []
    }
}
