import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C for a command that streams: while a task is guarded, an interrupt cancels it (the coach then stores the
/// partial reply, as the web app's stop button does); otherwise, or on a second Ctrl-C, the program ends.
final class Interrupts: @unchecked Sendable {
    private let lock = NSLock()
    private var guarded: Task<Void, Never>?
    private let source: any DispatchSourceSignal

    /// Starts catching SIGINT for the rest of the process.
    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in self?.interrupt() }
        source.resume()
    }

    /// Cancels `task` on Ctrl-C until ``release()``.
    func cancelOnInterrupt(_ task: Task<Void, Never>) {
        lock.withLock { guarded = task }
    }

    /// Stops guarding: Ctrl-C ends the program again.
    func release() {
        lock.withLock { guarded = nil }
    }

    private func interrupt() {
        guard let task = lock.withLock({ guarded }), !task.isCancelled else {
            Console.flush()
            exit(130)
        }
        task.cancel()
    }
}
