import AirFitAI
import AirFitCore

/// Turns stored messages into the history sent to the model.
enum CoachHistory {
    /// The last `turns` turns of `messages` (oldest first) as chat messages.
    ///
    /// A turn starts at a person's message, so a tool call is never separated from its result. Assistant messages
    /// that broke off (incomplete) are left out: the model never saw them finish, and the person may retry.
    static func window(_ messages: [CoachMessage], turns: Int) -> [ChatMessage] {
        let usable = messages.filter { $0.role != .system && !($0.role == .assistant && !$0.isComplete) }
        let userPositions = usable.indices.filter { usable[$0].role == .user }
        guard let start = userPositions.suffix(turns).first else { return [] }
        var names: [String: String] = [:]
        var result: [ChatMessage] = []
        for message in usable[start...] {
            switch message.role {
            case .user:
                result.append(.user(message.content))
            case .assistant:
                let calls = message.toolCalls.map { ToolCall(id: $0.id, name: $0.name, argumentsJSON: $0.argumentsJSON) }
                for call in calls { names[call.id] = call.name }
                result.append(.assistant(text: message.content, toolCalls: calls))
            case .tool:
                guard let id = message.toolCallID, let name = names[id] else { continue }
                result.append(.toolResult(callID: id, name: name, content: message.content))
            case .system:
                continue
            }
        }
        return result
    }
}
