import Synchronization

/// Wakes the mail delivery loop: when a message is queued, or when the server stops.
///
/// One waiter at a time (the delivery loop). A wake while nobody waits is kept for the next wait, so a message
/// queued while the loop is busy sending is not left until its next timer.
final class MailWakeSignal: Sendable {
    private struct State {
        var pending = false
        var stopped = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Whether ``stop()`` was called: the loop finishes what it is sending and returns.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Wakes the waiter, or the next one to wait.
    func wake() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Wakes the waiter for good: every later wait returns at once.
    func stop() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.stopped = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns at the next wake (at once if one came since the last wait), at ``stop()``, or when the task is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.pending || state.stopped {
                        state.pending = false
                        return true
                    }
                    // The cancellation flag is set before the handler below runs, and both look under the lock.
                    if Task.isCancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
