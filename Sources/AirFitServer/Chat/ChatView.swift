import AirFitCoach
import AirFitCore
import Foundation

/// Stored messages as the chat page shows them: bubbles for the person and the coach, cards for tool calls.
enum ChatView {
    /// The template context for `messages` (oldest first).
    static func context(_ messages: [CoachMessage]) -> [String: Any] {
        var names: [String: String] = [:]
        var rows: [[String: Any]] = []
        let lastAssistant = messages.lastIndex { $0.role == .assistant }
        for (index, message) in messages.enumerated() {
            switch message.role {
            case .user:
                rows.append(["isUser": true, "text": StoredReply.bounded(message.content)])
            case .assistant:
                for call in message.toolCalls { names[call.id] = call.name }
                guard !message.content.isEmpty || !message.isComplete else { continue }
                var row: [String: Any] = ["isCoach": true, "text": StoredReply.bounded(message.content)]
                if !message.isComplete {
                    row["incomplete"] = message.incompleteReason ?? "The reply was cut off."
                    row["canRetry"] = index == lastAssistant
                }
                rows.append(row)
            case .tool:
                let name = message.toolCallID.flatMap { names[$0] } ?? "tool"
                let failed = message.content.hasPrefix(#"{"error""#)
                rows.append([
                    "isTool": true, "text": ToolRegistry.standard.cardLabels(for: name).finished(isError: failed), "failed": failed,
                ])
            case .system:
                continue
            }
        }
        return ["messages": rows, "isEmpty": rows.isEmpty]
    }
}
