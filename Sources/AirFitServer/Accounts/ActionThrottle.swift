import AirFitCore
import Crypto
import Foundation

/// The limit on actions that send mail or can be used to probe accounts (forgot password, email change): each is
/// counted per account and per client address separately with ``SignInThrottle``'s rule, before anything else runs.
struct ActionThrottle: Sendable {
    let attempts: any SignInAttemptRepository
    let now: @Sendable () -> Date

    /// Counts an attempt of `action` for each scope (an email, an address); returns the "try again in N minutes"
    /// message when any scope is over its limit, else `nil`.
    func attempt(_ action: String, scopes: [String]) async throws -> String? {
        var longest = 0
        for scope in scopes {
            let attempt = try await attempts.recordAttempt(key: Self.key(action, scope), now: now())
            if case .wait(let seconds) = SignInThrottle.decision(count: attempt.count, previous: attempt.previous, now: now()) {
                longest = max(longest, seconds)
            }
        }
        return longest > 0 ? SignInThrottle.message(waiting: longest) : nil
    }

    /// SHA-256 of the action and scope: neither an email nor an address is stored.
    static func key(_ action: String, _ scope: String) -> String {
        SessionToken.hex(SHA256.hash(data: Data("\(action):\(scope)".utf8)))
    }
}
