import AirFitCoach
import AirFitCore
import Foundation

/// The chat page: stored messages as bubbles for the person and the coach, cards for tool calls, and the message box.
struct ChatView: PageView {
    static let template = "chat"

    /// One line of the conversation; exactly one of `isUser`, `isCoach`, `isTool` is true.
    struct Row: Sendable {
        var isUser = false
        var isCoach = false
        var isTool = false
        let text: String
        /// Why a coach reply is incomplete (nil when it is complete).
        var incomplete: String?
        /// The last coach reply, when incomplete, offers Retry.
        var canRetry = false
        /// A tool card whose tool failed.
        var failed = false
        /// A tool card's link to the entry it logged or changed.
        var href: String?
        /// The newest line: the `#latest` anchor a page without JavaScript opens at.
        var isLast = false
    }

    let messages: [Row]
    let isEmpty: Bool
    let conversation: String
    var error: String?
    var draft: String?
    var haptics = false
    /// No usable provider: the page says where to set one up.
    var needsProvider = false
    /// "provider · model" above the conversation.
    var model: String?

    /// The page for `messages` (oldest first) of `conversation`.
    init(_ messages: [CoachMessage], conversation: UUID) {
        var rows = Self.rows(messages)
        if !rows.isEmpty { rows[rows.count - 1].isLast = true }
        self.messages = rows
        isEmpty = self.messages.isEmpty
        self.conversation = conversation.uuidString
    }

    private static func rows(_ messages: [CoachMessage]) -> [Row] {
        var names: [String: String] = [:]
        var rows: [Row] = []
        let lastAssistant = messages.lastIndex { $0.role == .assistant }
        for (index, message) in messages.enumerated() {
            switch message.role {
            case .user:
                rows.append(Row(isUser: true, text: StoredReply.bounded(message.content)))
            case .assistant:
                for call in message.toolCalls { names[call.id] = call.name }
                guard !message.content.isEmpty || !message.isComplete else { continue }
                var row = Row(isCoach: true, text: StoredReply.bounded(message.content))
                if !message.isComplete {
                    row.incomplete = message.incompleteReason ?? "The reply was cut off."
                    row.canRetry = index == lastAssistant
                }
                rows.append(row)
            case .tool:
                let name = message.toolCallID.flatMap { names[$0] } ?? "tool"
                let failed = message.content.hasPrefix(#"{"error""#)
                var row = Row(
                    isTool: true, text: message.card ?? ToolRegistry.standard.cardLabels(for: name).finished(isError: failed),
                    failed: failed)
                row.href = failed ? nil : ToolOutcome.entry(inResult: message.content).map(EntryPaths.entry)
                rows.append(row)
            case .system:
                continue
            }
        }
        return rows
    }
}
