public import Foundation

/// A notification for one member, from the moment it is scheduled until it sits read in their inbox.
///
/// Rows are made idempotent by ``dedupeKey``: scheduling the same check-in twice (a restart, two servers) keeps one.
public struct CoachNotification: Codable, Sendable, Equatable, Identifiable {
    /// The notification's id.
    public let id: UUID
    /// Whose it is.
    public let userID: UUID
    /// Its category (each switchable in Settings → Notifications).
    public let category: NotificationCategory
    /// The one-line title.
    public var title: String
    /// The message.
    public var body: String
    /// The same-origin page it opens, such as `/chat`.
    public var link: String
    /// When it falls due.
    public var dueAt: Date
    /// For a held notification, when the member can be reached again (it is looked at then).
    public var heldUntil: Date?
    /// Where it is in its life.
    public var state: NotificationState
    /// What makes it unique for its member, such as `daily_check_in:2026-11-24`.
    public let dedupeKey: String
    /// When it was scheduled.
    public let createdAt: Date
    /// When it reached the inbox.
    public var deliveredAt: Date?
    /// When the member read it.
    public var readAt: Date?
    /// The claim a scheduler holds on it while deciding (see ``NotificationRepository``); `nil` when unclaimed.
    public var claim: UUID?

    /// Creates a notification, pending until `dueAt`.
    public init(
        id: UUID = UUID(), userID: UUID, category: NotificationCategory, title: String, body: String, link: String, dueAt: Date,
        state: NotificationState = .pending, dedupeKey: String, createdAt: Date, deliveredAt: Date? = nil, readAt: Date? = nil,
        claim: UUID? = nil, heldUntil: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.category = category
        self.title = title
        self.body = body
        self.link = link
        self.dueAt = dueAt
        self.state = state
        self.dedupeKey = dedupeKey
        self.createdAt = createdAt
        self.deliveredAt = deliveredAt
        self.readAt = readAt
        self.claim = claim
        self.heldUntil = heldUntil
    }

    /// A test notification (`airfit notifications test`): it counts against no daily limit.
    public var isTest: Bool { dedupeKey.hasPrefix("test:") }

    /// Whether it is too late to be worth sending at `now` (a check-in the scheduler missed by half a day).
    public func isStale(at now: Date) -> Bool {
        guard let lifetime = category.lifetime else { return false }
        return now.timeIntervalSince(dueAt) > lifetime
    }

    /// The notification as the delivery rules see it.
    public var pending: PendingNotification {
        PendingNotification(id: id, categoryKey: category.rawValue, title: title, body: body, deepLinkPath: link, dueAt: dueAt)
    }
}

/// Where a notification is in its life.
public enum NotificationState: String, Codable, Sendable, CaseIterable {
    /// Waiting for its time.
    case pending
    /// Due while the member could not be reached; waiting for quiet hours or sleep to end.
    case held
    /// In the inbox.
    case delivered
    /// Held, then delivered as part of one "while you were away" summary.
    case collapsed
    /// Never delivered: switched off, over the day's limit, or the member's window never opens.
    case dropped
}
