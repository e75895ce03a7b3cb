public import AirFitCore
internal import Foundation

/// The `MailSending` features use on a server: `send` stores the message in the persisted queue and returns, and
/// the ``MailDeliveryService`` sends it (now, or later with backoff). A crash after `send` returned never loses it.
public struct QueuedMailSender: MailSending {
    let queue: any MailQueueRepository
    let signal: MailWakeSignal
    let check: @Sendable (MailMessage) throws -> Void
    let now: @Sendable () -> Date

    public func send(_ message: MailMessage) async throws {
        // A message that can never be sent (an unusable address, a line break in the subject) fails here, in front
        // of the feature that made it, instead of six times in the background.
        try check(message)
        _ = try await queue.enqueueMail(message, now: now())
        signal.wake()
    }
}
