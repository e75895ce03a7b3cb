public import Foundation

/// A notification the scheduler means to deliver to one member.
public struct PendingNotification: Codable, Sendable, Equatable, Identifiable {
    /// The notification's id (the queue row's).
    public let id: UUID
    /// The category key, such as `daily_check_in`; a string so categories can be added without touching Core.
    public let categoryKey: String
    /// The one-line title the member reads.
    public let title: String
    /// The message itself.
    public let body: String
    /// The page it opens, such as `/plan`.
    public let deepLinkPath: String
    /// When it falls due.
    public let dueAt: Date

    /// Creates a notification.
    public init(id: UUID = UUID(), categoryKey: String, title: String, body: String, deepLinkPath: String, dueAt: Date) {
        self.id = id
        self.categoryKey = categoryKey
        self.title = title
        self.body = body
        self.deepLinkPath = deepLinkPath
        self.dueAt = dueAt
    }
}
