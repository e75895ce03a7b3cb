import AirFitCoach
import AirFitCore
import Foundation
import Hummingbird

/// The coach chat for API clients (token scope `chat`): a reply streamed as server-sent events with the same frames
/// as the chat page (`user`, `note`, `delta`, `tool_start`, `tool`, `done`, `incomplete`, `error`), retry and stop.
///
/// `POST /api/v1/chat` takes `{"message": "…", "conversation": "<uuid>"}`; without a conversation a new one starts.
/// The conversation's id comes back in the `X-AirFit-Conversation` header before the first frame.
struct ChatAPIController: Sendable {
    let engine: CoachEngine
    let repository: any AirFitRepository
    let replies: ActiveReplies

    /// The header naming the conversation a streamed reply belongs to.
    static let conversationHeader = HTTPFields.Element.Name("X-AirFit-Conversation")!

    struct Message: Decodable {
        var message: String?
        var conversation: UUID?
    }

    func addRoutes(to group: RouterGroup<APIRequestContext>) {
        group.post("/api/v1/chat") { request, context -> Response in
            let body = try await APIJSON.decode(Message.self, request, what: #"a message ({"message": "…"})"#)
            let text: String
            do throws(CoachError) {
                text = try CoachEngine.checkedMessage(body.message ?? "")
            } catch {
                throw APIProblem.invalid([.init(field: "message", message: error.errorDescription ?? "Write a message first.")])
            }
            let conversationID = try await own(body.conversation ?? UUID(), context: context)
            let (engine, user) = (self.engine, context.user)
            return await named(conversationID) {
                await replies.stream(for: user.id) { signal, emit in
                    try await engine.reply(to: text, conversationID: conversationID, user: user, signal: signal, emit: emit)
                }
            }
        }
        group.post("/api/v1/chat/retry") { request, context -> Response in
            struct Retry: Decodable { var conversation: UUID }
            let body = try await APIJSON.decode(Retry.self, request, what: #"a retry ({"conversation": "<id>"})"#)
            let conversationID = try await own(body.conversation, context: context)
            let (engine, user) = (self.engine, context.user)
            return await named(conversationID) {
                await replies.stream(for: user.id) { signal, emit in
                    try await engine.retry(conversationID: conversationID, user: user, signal: signal, emit: emit)
                }
            }
        }
        group.post("/api/v1/chat/stop") { _, context -> Response in
            guard await replies.stop(context.user.id) else {
                throw APIProblem(status: .notFound, detail: "No reply is being written, so there is nothing to stop.")
            }
            return Response(status: .noContent)
        }
    }

    /// `id`, unless that conversation is another member's (then 404, as for one that does not exist).
    private func own(_ id: UUID, context: APIRequestContext) async throws -> UUID {
        guard try await !repository.conversationBelongsToAnother(id: id, userID: context.user.id) else {
            throw APIProblem(status: .notFound, detail: "That conversation does not exist; it may have been deleted.")
        }
        return id
    }

    private func named(_ conversationID: UUID, _ stream: () async -> Response) async -> Response {
        var response = await stream()
        response.headers[Self.conversationHeader] = conversationID.uuidString
        return response
    }
}
