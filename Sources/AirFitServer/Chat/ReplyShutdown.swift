import Logging
import ServiceLifecycle
import UnixSignals

/// Ends every running coach reply as soon as the server is asked to stop (SIGTERM or SIGINT), each stored as
/// interrupted with what had arrived, so the server's graceful shutdown does not wait for open streams.
struct ReplyShutdown: Service {
    let replies: ActiveReplies
    let logger: Logger

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        // The service group shuts this service down last; until then it only listens.
        try await cancelWhenGracefulShutdown {
            for await _ in signals {
                let stopped = await replies.stopAll()
                if stopped > 0 { logger.info("Stopping: ended the replies being written", metadata: ["replies": "\(stopped)"]) }
            }
        }
    }
}
