import AirFitCore
import Foundation

/// Past conversations: each with its name (or first line), when it last moved and how long it is, to open, rename
/// or delete.
struct ConversationsView: PageView {
    static let template = "conversations"

    /// One conversation.
    struct Row: Sendable {
        let id: String
        let title: String
        /// The first line, under a name the person gave.
        let firstLine: String?
        /// "Today · 7:30 AM · 12 messages"
        let detail: String
        let openHref: String
        let renameHref: String
        let deleteHref: String
    }

    let rows: [Row]
    let isEmpty: Bool
    var notices: [String] = []

    /// The list for `summaries`, dated in `zone`.
    init(_ summaries: [ConversationSummary], now: Date, zone: TimeZone) {
        rows = summaries.map { summary in
            let id = summary.id.uuidString
            let base = "/chat/history/\(id)"
            return Row(
                id: id, title: summary.title, firstLine: summary.customTitle == nil ? nil : summary.firstLine,
                detail: "\(Self.when(summary.lastMessageAt, now: now, zone: zone)) · \(summary.messageCount) message"
                    + (summary.messageCount == 1 ? "" : "s"),
                openHref: "/chat?c=\(id)#latest", renameHref: "\(base)/rename", deleteHref: "\(base)/delete")
        }
        isEmpty = summaries.isEmpty
    }

    /// "Today · 7:30 AM", "Saturday, 21 November 2026 · 9:05 PM".
    static func when(_ date: Date, now: Date, zone: TimeZone) -> String {
        "\(HistoryView.heading(DailyLog.day(of: date, timeZone: zone.identifier), now: now, zone: zone)) · \(HistoryPage.time(date, zone: zone))"
    }
}

/// Renaming one conversation.
struct ConversationRenameView: PageView {
    static let template = "conversationRename"
    let action: String
    /// The name as typed (or stored).
    let name: String
    /// The automatic name, shown as the placeholder.
    let firstLine: String
    let maximumLength = ConversationTitle.maximumLength
    var refused = false
}

/// Asking before a conversation is deleted.
struct ConversationDeleteView: PageView {
    static let template = "conversationDelete"
    let action: String
    let title: String
    let messageCount: Int
}
