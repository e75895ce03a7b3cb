import AirFitCore
import Foundation

/// Settings → Security: the password row, linked accounts, delete account, the sessions and the security log.
struct SecurityView: PageView {
    static let template = "security"

    /// One signed-in browser.
    struct SessionRow: Sendable {
        let id: String
        let device: String
        let lastUsed: String
        let isCurrent: Bool
    }

    /// One line of the log.
    struct EventRow: Sendable {
        let what: String
        let when: String
        let device: String?
    }

    /// "Change password" or "Set password".
    let passwordLabel: String
    let sessions: [SessionRow]
    let hasOtherSessions: Bool
    let events: [EventRow]
    /// "Signed out 2 other sessions." after "sign out everywhere else".
    let notice: String?
}

/// The re-authentication page.
struct ReauthView: PageView {
    static let template = "reauth"
    let next: String
    /// Shows the password form.
    let hasPassword: Bool
    /// Shows "Use a passkey".
    let passkey: Bool
    /// The person's linked providers.
    let providers: [ProviderButton]
}

/// The password change or set page, or its success state.
struct PasswordChangeView: PageView {
    static let template = "password"
    let hasPassword: Bool
    let success: Bool
    /// How many other sessions were signed out.
    let endedSessions: Int
    /// Whether any were.
    let endedOthers: Bool

    init(hasPassword: Bool, success: Bool = false, endedSessions: Int = 0) {
        self.hasPassword = hasPassword
        self.success = success
        self.endedSessions = endedSessions
        endedOthers = endedSessions > 0
    }
}

/// The email change page: the form, the "sent" state, or the disabled state for a person without a password.
struct EmailChangeView: PageView {
    static let template = "emailChange"
    let current: String
    let typed: String
    let ssoDisabled: Bool
    /// The masked new address the link went to.
    let sentTo: String?
}

/// The page a link from an email opens: a button that does what the link is for (a GET changes nothing).
struct EmailLinkView: PageView {
    static let template = "emailLink"
    let heading: String
    let message: String
    /// The form's action, or `nil` when the link no longer works.
    let action: String?
    let button: String
    let testID: String
}

/// A result page with one message and a way on.
struct NoticeView: PageView {
    static let template = "notice"
    let heading: String
    let message: String
    let linkText: String
    let linkHref: String
    let testID: String
}

/// Linked sign-in providers (none are available yet).
struct LinkedAccountsView: PageView {
    static let template = "linkedAccounts"

    /// One configured provider, linked or not, or a linked identity whose provider is no longer configured.
    struct Row: Sendable {
        let providerID: String
        let name: String
        /// The linked identity's id (for unlinking), when linked.
        let identityID: String?
        /// The provider's address for the person; never Apple's private relay address.
        let detail: String?
        /// Linking needs the provider configured.
        let canLink: Bool
        /// Hidden when it is the person's only way in.
        let canUnlink: Bool
    }

    /// The email-and-password row, when the person has a password.
    let email: String?
    let rows: [Row]
    let notice: String?
    /// No provider is configured on this installation.
    let noProviders: Bool
}

/// Delete account: the warning with counts, then the typed confirmation.
struct DeleteAccountView: PageView {
    static let template = "deleteAccount"

    /// What will be deleted, counted.
    struct Count: Sendable {
        let label: String
        let count: Int
    }

    let counts: [Count]
    let blocker: String?
    /// The confirmation step (after re-authentication).
    let confirming: Bool
    let word: String
}

extension SecurityView {
    /// "23 Nov 2026, 14:05" in `zone`.
    static func time(_ date: Date, zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "d MMM yyyy, HH:mm"
        return formatter.string(from: date)
    }
}
