import Foundation

/// Cancels a task when a deadline passes: the armed one (the head timeout, or the idle timeout between
/// stream chunks) or the total limit for the whole answer, and remembers which one it was.
final class StreamWatchdog: @unchecked Sendable {
    /// Which deadline cancelled the task.
    enum Expiry: Sendable, Hashable {
        /// The armed head or idle timeout.
        case idle
        /// The total limit for the whole answer.
        case total(Duration)
    }

    private let lock = NSLock()
    private var deadline: ContinuousClock.Instant?
    private var totalDeadline: (instant: ContinuousClock.Instant, limit: Duration)?
    private var expiry: Expiry?

    /// Whether the watchdog cancelled the task.
    var didFire: Bool { lock.withLock { expiry != nil } }

    /// The error that ends a task this watchdog cancelled, or `nil` when it did not fire.
    var error: ServiceError? {
        switch lock.withLock({ expiry }) {
        case nil: nil
        case .idle: .timeout
        case .total(let limit): .responseTooLong(limit: limit)
        }
    }

    /// Starts (or restarts) the countdown.
    func arm(_ timeout: Duration) {
        lock.withLock { deadline = ContinuousClock.now + timeout }
    }

    /// Stops the countdown; the total limit keeps running.
    func disarm() {
        lock.withLock { deadline = nil }
    }

    /// Starts the total limit, once; it is never disarmed.
    func limitTotal(to limit: Duration) {
        lock.withLock {
            if totalDeadline == nil { totalDeadline = (ContinuousClock.now + limit, limit) }
        }
    }

    /// Polls until `task` ends or a deadline passes, then cancels `task`.
    func watch(_ task: Task<Void, Never>, tick: Duration) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: tick)
            let expired = lock.withLock { () -> Bool in
                let now = ContinuousClock.now
                if let totalDeadline, now >= totalDeadline.instant {
                    expiry = .total(totalDeadline.limit)
                } else if let deadline, now >= deadline {
                    expiry = .idle
                }
                return expiry != nil
            }
            if expired {
                task.cancel()
                return
            }
        }
    }
}
