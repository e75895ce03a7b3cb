import AirFitCore
import Foundation

/// Builds each settings page's view from the user (the rules for saving are Core's ``SettingsSection``).
enum SettingsForms {
    /// The view of `section` for `user`; `push` lists their Web Push devices on the notifications page.
    static func view(_ section: SettingsSection, user: User, push: NotificationsView.Push? = nil) -> any PageView {
        switch section {
        case .units:
            return UnitsView(
                systems: MeasurementSystem.allCases.map { system in
                    Choice(
                        value: system.rawValue, name: system.displayName, checked: system == user.preferredUnits, detail: examples(system))
                })
        case .appearance:
            return AppearanceView(
                modes: AppearanceMode.allCases.map { mode in
                    Choice(value: mode.rawValue, name: mode.displayName, checked: mode == user.appearanceMode)
                },
                haptics: user.hapticFeedbackEnabled)
        case .notifications:
            return NotificationsView(
                system: user.notificationPreferences.systemEnabled,
                categories: NotificationCategory.allCases.map { category in
                    NotificationsView.Category(
                        value: category.rawValue, key: category.formKey, name: category.displayName, detail: category.detail,
                        checked: user.notificationPreferences.isSwitchedOn(category))
                },
                quiet: user.quietHours.enabled, quietStart: user.quietHours.start.description, quietEnd: user.quietHours.end.description,
                checkinTime: user.notificationPreferences.checkInTime?.description ?? "", push: push)
        case .privacy:
            let policy = CoachContextPolicy(user: user)
            return PrivacyView(
                appLock: user.appLockEnabled, lockMinutes: user.appLockTimeoutMinutes, analytics: user.analyticsEnabled,
                contextItems: CoachContextItem.allCases.map { item in
                    PrivacyView.ContextItem(
                        value: item.rawValue, title: item.title, detail: item.detail, optional: item.canBeLeftOut,
                        shared: policy.shares(item))
                })
        case .about:
            return AboutView(version: AirFitVersion.current, build: AirFitBuild.description)
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
