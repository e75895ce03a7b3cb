public import Foundation

/// The rule for password guesses: per account *and* client address, the first ``freeAttempts`` are free, then each
/// attempt must wait a delay that doubles (30 s, 1 min, 2 min, … at most 15 min) after the previous one.
///
/// Every attempt is counted before the password is checked (one atomic step in the store), so parallel guesses
/// cannot slip past the limit, and nothing locks the owner out from another address: the limit belongs to the
/// pair, so a stranger's guesses slow only the stranger.
public enum SignInThrottle {
    /// Attempts that never wait.
    public static let freeAttempts = 5
    /// The first delay after the free attempts.
    public static let baseDelay: TimeInterval = 30
    /// The longest delay.
    public static let maximumDelay: TimeInterval = 15 * 60
    /// Failures older than this are forgotten.
    public static let memory: TimeInterval = 24 * 60 * 60

    /// What to do with an attempt.
    public enum Decision: Sendable, Equatable {
        /// Check the password.
        case check
        /// Refuse without checking; the person may try again after this many seconds.
        case wait(seconds: Int)
    }

    /// The delay before attempt number `count` (1-based) may be checked.
    public static func delay(beforeAttempt count: Int) -> TimeInterval {
        guard count > freeAttempts else { return 0 }
        let doublings = min(count - freeAttempts - 1, 10)
        return min(baseDelay * pow(2, Double(doublings)), maximumDelay)
    }

    /// The decision for attempt number `count`, the previous one made at `previous`.
    public static func decision(count: Int, previous: Date?, now: Date) -> Decision {
        let delay = delay(beforeAttempt: count)
        guard delay > 0, let previous else { return .check }
        let remaining = previous.addingTimeInterval(delay).timeIntervalSince(now)
        return remaining <= 0 ? .check : .wait(seconds: Int(remaining.rounded(.up)))
    }

    /// "Try again in N minutes" (or seconds).
    public static func message(waiting seconds: Int) -> String {
        if seconds < 60 { return "Too many attempts. Try again in \(seconds) second\(seconds == 1 ? "" : "s")." }
        let minutes = (seconds + 59) / 60
        return "Too many attempts. Try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
    }
}

/// One counted attempt: its number in the current run of failures and when the previous one was made.
public struct SignInAttempt: Sendable, Equatable {
    public var count: Int
    public var previous: Date?

    /// Creates an attempt record.
    public init(count: Int, previous: Date?) {
        self.count = count
        self.previous = previous
    }
}

/// Counted sign-in attempts per key (a hash of account and address), kept across restarts.
public protocol SignInAttemptRepository: Sendable {
    /// Counts an attempt for `key` at `now` in one atomic step and returns it (counts older than
    /// ``SignInThrottle/memory`` start again at 1).
    func recordAttempt(key: String, now: Date) async throws -> SignInAttempt
    /// Forgets `key` (after a successful sign-in).
    func resetAttempts(key: String) async throws
}

/// Attempts in memory, for tests.
public actor InMemorySignInAttemptRepository: SignInAttemptRepository {
    private var attempts: [String: (count: Int, last: Date)] = [:]

    /// Creates an empty repository.
    public init() {}

    public func recordAttempt(key: String, now: Date) -> SignInAttempt {
        let previous = attempts[key].flatMap { now.timeIntervalSince($0.last) < SignInThrottle.memory ? $0 : nil }
        let attempt = SignInAttempt(count: (previous?.count ?? 0) + 1, previous: previous?.last)
        attempts[key] = (attempt.count, now)
        return attempt
    }

    public func resetAttempts(key: String) { attempts[key] = nil }
}
