public import Foundation

/// Who wrote a message in a coach conversation.
public enum MessageRole: String, Codable, CaseIterable, Sendable {
    case system, user, assistant, tool
}

/// A tool call the assistant made, stored with the message.
public struct ToolCallRecord: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    /// The arguments as a JSON document.
    public var argumentsJSON: String

    /// Creates a tool-call record.
    public init(id: String, name: String, argumentsJSON: String) {
        self.id = id
        self.name = name
        self.argumentsJSON = argumentsJSON
    }
}

/// One message in a conversation with the coach.
public struct CoachMessage: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var userID: UUID
    public var conversationID: UUID
    public var role: MessageRole
    public var content: String
    /// The model that produced an assistant message.
    public var model: String?
    public var inputTokens: Int?
    public var outputTokens: Int?
    /// Tool calls made by an assistant message.
    public var toolCalls: [ToolCallRecord]
    /// For a `tool` message: the call it answers.
    public var toolCallID: String?
    /// False when a stream broke before the reply finished; `content` then holds what arrived.
    public var isComplete: Bool
    /// Why the message is incomplete, in words a person understands.
    public var incompleteReason: String?
    /// For a `tool` message: the card the chat shows ("Workout logged: run, 30 min"), kept so a reload shows the same.
    public var card: String?
    /// On a conversation's first message: the name the person gave the conversation (nil: it is named after its first
    /// line).
    public var conversationTitle: String?
    public var createdAt: Date

    /// Creates a message.
    public init(
        id: UUID = UUID(), userID: UUID, conversationID: UUID, role: MessageRole, content: String,
        model: String? = nil, inputTokens: Int? = nil, outputTokens: Int? = nil, toolCalls: [ToolCallRecord] = [],
        toolCallID: String? = nil, isComplete: Bool = true, incompleteReason: String? = nil, card: String? = nil,
        conversationTitle: String? = nil, createdAt: Date = Date()
    ) {
        self.id = id
        self.userID = userID
        self.conversationID = conversationID
        self.role = role
        self.content = content
        self.model = model
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
        self.isComplete = isComplete
        self.incompleteReason = incompleteReason
        self.card = card
        self.conversationTitle = conversationTitle
        self.createdAt = createdAt
    }
}
