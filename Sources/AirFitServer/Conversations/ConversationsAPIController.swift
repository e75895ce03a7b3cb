import AirFitCore
import Foundation
import Hummingbird

/// Past conversations as JSON: the list, one conversation's messages, renaming and deleting
/// (`/api/v1/conversations[/{conversation}[/messages]]`).
struct ConversationsAPIController: Sendable {
    let repository: any AirFitRepository

    /// The most messages one request returns.
    static let maximumMessages = 500

    func addRoutes(to group: RouterGroup<APIRequestContext>) {
        group.get("/api/v1/conversations") { _, context -> Response in
            struct Answer: Encodable { let conversations: [ConversationJSON] }
            return try APIJSON.response(
                Answer(conversations: try await repository.conversations(userID: context.user.id).map(ConversationJSON.init)))
        }
        group.get("/api/v1/conversations/:conversation") { _, context -> Response in
            try APIJSON.response(ConversationJSON(try await conversation(context)))
        }
        group.get("/api/v1/conversations/:conversation/messages") { request, context -> Response in
            let summary = try await conversation(context)
            let limit = try Self.limit(request.uri.queryParameters["limit"].map(String.init))
            struct Answer: Encodable { let messages: [MessageJSON] }
            let messages = try await repository.messages(conversationID: summary.id, userID: context.user.id, last: limit)
            return try APIJSON.response(Answer(messages: messages.map(MessageJSON.init)))
        }
        group.patch("/api/v1/conversations/:conversation") { request, context -> Response in
            let summary = try await conversation(context)
            struct Rename: Decodable {
                /// The new name; `null` or empty names it after its first line again.
                var title: String?
            }
            let typed = try await APIJSON.decode(Rename.self, request, what: #"a rename ({"title": "…"})"#).title ?? ""
            if let problem = ConversationTitle.problem(typed) { throw APIProblem.invalid([.init(field: "title", message: problem)]) }
            _ = try await repository.renameConversation(id: summary.id, userID: context.user.id, title: ConversationTitle.stored(typed))
            return try APIJSON.response(ConversationJSON(try await conversation(context)))
        }
        group.delete("/api/v1/conversations/:conversation") { _, context -> Response in
            let summary = try await conversation(context)
            _ = try await repository.deleteConversation(id: summary.id, userID: context.user.id)
            return Response(status: .noContent)
        }
    }

    /// `?limit=` checked: a whole number from 1 to ``maximumMessages`` (100 when absent).
    static func limit(_ text: String?) throws(APIProblem) -> Int {
        guard let text else { return 100 }
        guard let limit = Int(text), (1...maximumMessages).contains(limit) else {
            throw APIProblem.invalid([.init(field: "limit", message: "limit must be a whole number from 1 to \(maximumMessages).")])
        }
        return limit
    }

    /// The member's conversation the path names; 404 otherwise.
    private func conversation(_ context: APIRequestContext) async throws -> ConversationSummary {
        guard let id = context.parameters.get("conversation").flatMap(UUID.init(uuidString:)),
            let summary = try await repository.conversations(userID: context.user.id).first(where: { $0.id == id })
        else { throw APIProblem(status: .notFound, detail: "That conversation does not exist; it may have been deleted.") }
        return summary
    }
}

/// One conversation in a list.
struct ConversationJSON: Encodable {
    let id: UUID
    /// The name shown: the member's own, else the first line.
    let title: String
    let customTitle: String?
    let firstLine: String
    let messageCount: Int
    let startedAt: Date
    let lastMessageAt: Date

    init(_ summary: ConversationSummary) {
        id = summary.id
        title = summary.title
        customTitle = summary.customTitle
        firstLine = summary.firstLine
        messageCount = summary.messageCount
        startedAt = summary.startedAt
        lastMessageAt = summary.lastMessageAt
    }
}

/// One stored message, oldest first in a list.
struct MessageJSON: Encodable {
    let id: UUID
    let role: String
    let content: String
    /// False for a reply cut off (`incompleteReason` says why).
    let isComplete: Bool
    let incompleteReason: String?
    /// A tool message's card ("Workout logged: run, 30 min").
    let card: String?
    let toolCalls: [ToolCall]
    let toolCallId: String?
    let model: String?
    let inputTokens: Int?
    let outputTokens: Int?
    let createdAt: Date

    struct ToolCall: Encodable {
        let id: String
        let name: String
        let arguments: String
    }

    init(_ message: CoachMessage) {
        id = message.id
        role = message.role.rawValue
        content = message.content
        isComplete = message.isComplete
        incompleteReason = message.incompleteReason
        card = message.card
        toolCalls = message.toolCalls.map { ToolCall(id: $0.id, name: $0.name, arguments: $0.argumentsJSON) }
        toolCallId = message.toolCallID
        model = message.model
        inputTokens = message.inputTokens
        outputTokens = message.outputTokens
        createdAt = message.createdAt
    }
}
