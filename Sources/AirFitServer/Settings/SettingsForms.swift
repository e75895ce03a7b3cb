import AirFitCore
import Foundation

/// Builds each settings page's template context from the user (the rules for saving are Core's ``SettingsSection``).
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
}
