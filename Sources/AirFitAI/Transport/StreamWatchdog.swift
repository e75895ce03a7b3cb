import Foundation

/// Cancels a task when an armed deadline passes: the idle timeout between stream chunks, or the head timeout.
final class StreamWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var deadline: ContinuousClock.Instant?
    private var fired = false

    /// Whether the watchdog cancelled the task.
    var didFire: Bool { lock.withLock { fired } }

    /// Starts (or restarts) the countdown.
    func arm(_ timeout: Duration) {
        lock.withLock { deadline = ContinuousClock.now + timeout }
    }

    /// Stops the countdown.
    func disarm() {
        lock.withLock { deadline = nil }
    }

    /// Polls until `task` ends or the deadline passes, then cancels `task`.
    func watch(_ task: Task<Void, Never>, tick: Duration) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: tick)
            let expired = lock.withLock { () -> Bool in
                guard let deadline, ContinuousClock.now >= deadline else { return false }
                fired = true
                return true
            }
            if expired {
                task.cancel()
                return
            }
        }
    }
}
