import AirFitCore
import Foundation

/// The inbox page.
struct InboxView: PageView {
    static let template = "inbox"

    /// One notification as listed.
    struct Item: Sendable {
        let id: String
        let title: String
        let body: String
        let category: String
        let when: String
        let unread: Bool

        init(_ notification: CoachNotification, timeZone: TimeZone) {
            id = notification.id.uuidString.lowercased()
            title = notification.title
            body = notification.body
            category = notification.isTest ? "Test" : notification.category.displayName
            let style = Date.FormatStyle(date: .abbreviated, time: .shortened, timeZone: timeZone)
            when = (notification.deliveredAt ?? notification.dueAt).formatted(style)
            unread = notification.readAt == nil
        }
    }

    let items: [Item]
    // Stored, not computed: templates see stored properties only.
    let hasItems: Bool
    let hasUnread: Bool

    init(items: [Item]) {
        self.items = items
        hasItems = !items.isEmpty
        hasUnread = items.contains(where: \.unread)
    }
}
