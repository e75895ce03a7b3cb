import AirFitCore
import Foundation

/// The settings hub: one row per section with its current value.
struct SettingsHubView: PageView {
    static let template = "settings"
    let units: String
    let appearance: String
    let persona: String
    let provider: String
    /// The saved place's name (its coordinates when it has none), or "Not set".
    let location: String
    let version: String
    let isDevelopment: Bool
    /// Shows the Members row.
    let isAdmin: Bool
    /// Suggestions waiting on the Activity page (the row's badge).
    var pendingRecommendations = 0
    /// Shows the badge.
    var hasPendingRecommendations = false
    /// The member's usage plan ("Unlimited" without one).
    var plan = "Unlimited"
}

/// "Show the last request": the bodies the person's coach sent, newest first.
struct ProviderRequestsView: PageView {
    static let template = "providerRequests"

    /// One request as shown.
    struct Row: Sendable {
        let when: String
        let provider: String
        let model: String
        let body: String
    }

    let kept: Int
    let requests: [Row]
}

/// A privacy policy, terms or support page.
struct LegalView: PageView {
    static let template = "legal"
    let heading: String
    let paragraphs: [String]
}

/// Settings → Units.
struct UnitsView: PageView {
    static let template = "units"
    let systems: [Choice]
}

/// Settings → Appearance.
struct AppearanceView: PageView {
    static let template = "appearance"
    let modes: [Choice]
    let haptics: Bool
}

/// Settings → Notifications.
struct NotificationsView: PageView {
    static let template = "notifications"

    /// One category's switch: `value` names the form field, `key` the test id (`notifications.dailyCheck`).
    struct Category: Sendable {
        let value: String
        let key: String
        let name: String
        let detail: String
        let checked: Bool
    }

    let system: Bool
    let categories: [Category]
    let quiet: Bool
    let quietStart: String
    let quietEnd: String
    /// The chosen check-in time ("07:30"), empty for the default.
    let checkinTime: String
    /// Web Push on this server (nil: not set up, and the page says so).
    let push: Push?

    /// The member's push devices.
    struct Push: Sendable {
        /// One device as listed.
        struct Device: Sendable {
            let id: String
            let name: String
            let added: String
        }

        let devices: [Device]
        let hasDevices: Bool

        init(devices: [PushDevice], timeZone: TimeZone) {
            let style = Date.FormatStyle(date: .abbreviated, time: .omitted, timeZone: timeZone)
            self.devices = devices.map { Device(id: $0.id.uuidString.lowercased(), name: $0.name, added: $0.createdAt.formatted(style)) }
            hasDevices = !devices.isEmpty
        }
    }
}

/// Settings → Privacy: app lock, analytics and what the coach sees.
struct PrivacyView: PageView {
    static let template = "privacy"

    /// One item of the coach's context: always sent, or shared by choice.
    struct ContextItem: Sendable {
        let value: String
        let title: String
        let detail: String
        let optional: Bool
        let shared: Bool
    }

    let appLock: Bool
    let lockMinutes: Int
    let analytics: Bool
    let contextItems: [ContextItem]
}

/// Settings → About.
struct AboutView: PageView {
    static let template = "about"
    let version: String
    let build: String
}
