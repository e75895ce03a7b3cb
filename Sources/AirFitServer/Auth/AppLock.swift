import AirFitCore
import Foundation
import Hummingbird

/// App lock: after the person's idle timeout the session needs the password again (the spec's Face ID lock).
enum AppLock {
    /// Whether `session`, last used at `lastSeenAt`, must lock now under `user`'s app lock setting.
    static func shouldLock(_ session: WebSession, user: User, now: Date) -> Bool {
        guard user.appLockEnabled, session.accountID != nil, !session.isLocked else { return false }
        let minutes = AppLockRule.effectiveMinutes(user.appLockTimeoutMinutes)
        return now.timeIntervalSince(session.lastSeenAt) >= TimeInterval(minutes * 60)
    }

    /// `/unlock?next=…`, returning to the requested page after unlocking (home for anything but a GET).
    static func unlockPath(returningTo request: Request) -> String {
        var next = "/"
        if request.method == .get {
            next = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "/-._~")
        return "/unlock?next=" + (safeNext(next).addingPercentEncoding(withAllowedCharacters: allowed) ?? "%2F")
    }

    /// `next` when it is a path on this site (``SafeRedirect``), else "/"; never the lock page itself.
    static func safeNext(_ next: String?) -> String {
        SafeRedirect.path(next, excluding: ["/unlock"])
    }
}
