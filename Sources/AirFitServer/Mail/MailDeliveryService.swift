public import AirFitCore
public import Foundation
public import Logging
public import ServiceLifecycle

/// Sends what ``QueuedMailSender`` queued, through the real transport (SMTP or the file outbox), as a service of the
/// application: at start it sends what a previous run left, then whenever a message is queued or a retry is due.
///
/// A failed send is tried again after the waits of its ``MailRetryPolicy`` (30 s, 2 min, 10 min, 1 h, 6 h), then
/// given up on. Logs name the recipient by domain only; the body, links and tokens never appear.
public struct MailDeliveryService: Service {
    private let queue: any MailQueueRepository
    private let transport: any MailSending
    private let policy: MailRetryPolicy
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void
    private let logger: Logger
    private let signal = MailWakeSignal()
    private let check: @Sendable (MailMessage) throws -> Void

    /// How many due messages are read from the queue at a time.
    static let batchSize = 20

    /// A delivery loop over `queue` sending through `transport`.
    /// - Parameters:
    ///   - check: refuses a message that could never be sent, at `send` (the real one renders it).
    ///   - now: the clock retries are timed by (tests move it).
    ///   - sleep: waits for the next retry (tests return at once, moving their clock).
    public init(
        queue: any MailQueueRepository, transport: any MailSending, policy: MailRetryPolicy = .standard,
        check: @escaping @Sendable (MailMessage) throws -> Void = { _ in }, now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }, logger: Logger
    ) {
        self.queue = queue
        self.transport = transport
        self.policy = policy
        self.check = check
        self.now = now
        self.sleep = sleep
        self.logger = logger
    }

    /// The sender for ``ServerDependencies/mail``: queues, then wakes this service.
    public var sender: QueuedMailSender { QueuedMailSender(queue: queue, signal: signal, check: check, now: now) }

    /// Delivers until the application shuts down (or the task is cancelled); a message being sent is finished first.
    public func run() async throws {
        await withGracefulShutdownHandler {
            await deliverUntilStopped()
        } onGracefulShutdown: {
            signal.stop()
        }
    }

    /// Stops the loop as graceful shutdown would (for tests and for callers outside a service group).
    public func stop() { signal.stop() }

    private var isStopped: Bool { signal.isStopped || Task.isCancelled }

    private func deliverUntilStopped() async {
        while !isStopped {
            let wait = await deliverDue()
            if isStopped { return }
            await waitForWake(atMost: wait)
        }
    }

    /// Sends every message due now; returns how long until the next one is due (`nil`: the queue is empty).
    func deliverDue() async -> Duration? {
        do {
            while !isStopped {
                let due = try await queue.dueMail(now: now(), limit: Self.batchSize)
                if due.isEmpty { break }
                for mail in due where !isStopped {
                    try await deliver(mail)
                }
            }
            guard let next = try await queue.nextMailAttempt() else { return nil }
            return .milliseconds(max(0, Int64((next.timeIntervalSince(now()) * 1000).rounded(.up))))
        } catch {
            let wait = policy.delays.first ?? .seconds(30)
            logger.error(
                "The mail queue could not be read or updated; trying again shortly",
                metadata: ["error": .string(Self.describe(error)), "retry_in_seconds": "\(wait.components.seconds)"])
            return wait
        }
    }

    private func deliver(_ mail: QueuedMail) async throws {
        let domain = Logger.MetadataValue.string(mail.message.to.domain)
        do {
            try await transport.send(mail.message)
        } catch {
            let failures = mail.failedAttempts + 1
            guard let wait = policy.delay(afterFailures: failures) else {
                try await queue.removeMail(id: mail.id)
                logger.error(
                    "Mail given up on after \(failures) failed attempts",
                    metadata: ["recipient_domain": domain, "error": .string(Self.describe(error))])
                return
            }
            let next = now().addingTimeInterval(TimeInterval(wait.components.seconds))
            try await queue.recordMailFailure(id: mail.id, failedAttempts: failures, nextAttemptAt: next)
            logger.warning(
                "Mail not sent; trying again later",
                metadata: [
                    "recipient_domain": domain, "attempt": "\(failures)", "retry_in_seconds": "\(wait.components.seconds)",
                    "error": .string(Self.describe(error)),
                ])
            return
        }
        try await queue.removeMail(id: mail.id)
        logger.info("Mail sent", metadata: ["recipient_domain": domain, "attempts": "\(mail.failedAttempts + 1)"])
    }

    /// Waits for a wake, at most `wait` (forever when `nil`).
    private func waitForWake(atMost wait: Duration?) async {
        guard let wait else {
            await signal.wait()
            return
        }
        guard wait > .zero else { return }
        // The timer wakes the same signal a queued message does; the loop's own wait is never cancelled, so only a
        // wake, a stop or the service's cancellation ends it. The group returns once the timer has finished too.
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [sleep, signal] in
                try? await sleep(wait)
                if !Task.isCancelled { signal.wake() }
            }
            await signal.wait()
            group.cancelAll()
        }
    }

    /// What an error says, without anything but its own words (mail errors never carry a body, link or address).
    private static func describe(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: type(of: error))
    }
}
