import AirFitCoach
import AirFitCore
import Foundation
import Hummingbird

extension ActiveReplies {
    /// Streams a reply as server-sent events (``ChatStreamFrame``), for the chat page and the API alike: one reply per
    /// person at a time, cancellable with a stop; a reader that goes away stops the reply (its partial text is stored).
    func stream(
        for userID: UUID, _ reply: @escaping @Sendable (ReplySignal, @escaping @Sendable (CoachEvent) -> Void) async throws -> Void
    ) async -> Response {
        guard let (token, signal) = reserve(userID) else {
            return ReplyStream.eventStream(ResponseBody(byteBuffer: ByteBuffer(string: ChatStreamFrame.error(ReplyStream.busy))))
        }
        let (frames, continuation) = AsyncStream.makeStream(of: String.self)
        let pump = Task {
            do {
                try await reply(signal) { continuation.yield(ChatStreamFrame.frame($0)) }
            } catch {
                continuation.yield(ChatStreamFrame.error(ChatController.message(for: error)))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in pump.cancel() }
        attach(userID, token: token, task: pump)
        return ReplyStream.eventStream(
            ResponseBody { writer in
                do {
                    for await frame in frames { try await writer.write(ByteBuffer(string: frame)) }
                } catch {
                    // The reader went away: stop the reply (its partial text is stored) and free the slot.
                    pump.cancel()
                    await self.finish(userID, token: token)
                    throw error
                }
                await self.finish(userID, token: token)
                try await writer.finish(nil)
            })
    }
}

/// The `text/event-stream` responses of a streamed reply.
enum ReplyStream {
    /// What a second reply at the same time is told.
    static let busy = "The coach is still answering your last message."

    /// A `text/event-stream` response that proxies must not buffer.
    static func eventStream(_ body: ResponseBody) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
                HTTPFields.Element.Name("X-Accel-Buffering")!: "no",
            ],
            body: body)
    }
}
