public import Foundation

/// "Sudo mode": sensitive operations (email or password change, member management, deleting the account, provider
/// keys) need the person to have proved who they are within the last ``window`` in this session.
public enum Reauthentication {
    /// How long a sign-in or re-authentication counts as recent.
    public static let window: TimeInterval = 10 * 60

    /// Whether `session` proved its person recently enough at `now`.
    public static func isRecent(_ session: WebSession, now: Date) -> Bool {
        let elapsed = now.timeIntervalSince(session.authenticatedAt)
        return elapsed >= 0 && elapsed < window
    }
}
