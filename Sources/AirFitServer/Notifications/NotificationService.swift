import AirFitCore
import Foundation
import Logging
import ServiceLifecycle

/// The coach's notifications in `airfit serve`: every `interval` (a minute) plan what each member should have
/// queued and deliver what is due. The queue's claims make each delivery happen once, across restarts and servers.
struct NotificationService: Service, CustomStringConvertible {
    let scheduler: NotificationScheduler
    let interval: Duration
    let now: @Sendable () -> Date
    let logger: Logger

    /// What service-lifecycle logs for it: its name only (the reflection would show the mail sender's address).
    var description: String { "NotificationService" }

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    await tick()
                    try await Task.sleep(for: interval)
                }
            }
        } catch is CancellationError {
            return
        }
    }

    /// One pass; failures are logged (by type only) and the next pass tries again.
    func tick() async {
        do {
            let (scheduled, report) = try await scheduler.tick(now: now())
            if scheduled + report.delivered + report.summaries + report.held + report.dropped > 0 {
                logger.info(
                    "Notifications",
                    metadata: [
                        "scheduled": "\(scheduled)", "delivered": "\(report.delivered)", "summaries": "\(report.summaries)",
                        "held": "\(report.held)", "dropped": "\(report.dropped)",
                    ])
            }
        } catch {
            logger.warning("A notification pass failed", metadata: ["error": "\(String(describing: type(of: error)))"])
        }
    }
}
