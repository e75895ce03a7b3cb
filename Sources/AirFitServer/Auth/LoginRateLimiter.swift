import Foundation

/// Refuses sign-in for a key after too many recent failures (default: 5 per 15 minutes).
actor LoginRateLimiter {
    private var failures: [String: [Date]] = [:]
    private let limit: Int
    private let window: TimeInterval

    /// Creates a limiter allowing `limit` failures per `window` seconds.
    init(limit: Int = 5, window: TimeInterval = 15 * 60) {
        self.limit = limit
        self.window = window
    }

    /// Whether another attempt for `key` may be tried now.
    func allows(_ key: String, now: Date = Date()) -> Bool {
        recent(key, now: now).count < limit
    }

    /// Records a failed attempt.
    func recordFailure(_ key: String, now: Date = Date()) {
        failures[key] = recent(key, now: now) + [now]
    }

    /// Forgets failures after a successful sign-in.
    func reset(_ key: String) { failures[key] = nil }

    private func recent(_ key: String, now: Date) -> [Date] {
        (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
    }
}
