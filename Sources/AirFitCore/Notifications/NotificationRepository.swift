public import Foundation

/// The durable queue of notifications and each member's inbox.
///
/// Exactly once: ``scheduleNotification(_:)`` keeps one row per member and dedupe key, and
/// ``claimDueNotifications(now:limit:)`` hands each due row to one caller only (a transaction; `FOR UPDATE SKIP
/// LOCKED` on PostgreSQL, so several servers share the work), which then settles it with ``settleNotification(_:)``.
public protocol NotificationRepository: Sendable {
    /// Stores `notification` unless its member already has one with the same dedupe key.
    /// - Returns: whether it was stored.
    @discardableResult
    func scheduleNotification(_ notification: CoachNotification) async throws -> Bool
    /// Claims up to `limit` notifications due at `now` (pending ones by their due time, held ones by the end of their
    /// hold), oldest due first, and returns
    /// them with their ``CoachNotification/claim``. One statement: no two callers get the same notification. A claim
    /// older than ``NotificationRepository/claimLease`` lapses, so a scheduler that died mid-way loses nothing.
    func claimDueNotifications(now: Date, limit: Int) async throws -> [CoachNotification]
    /// Writes a claimed notification's outcome (state, hold, delivery time, message) and ends the claim; a notification
    /// whose claim lapsed and was taken by another caller is left alone.
    /// - Returns: whether it was written.
    @discardableResult
    func settleNotification(_ notification: CoachNotification) async throws -> Bool
    /// The member's notifications in `states` due or delivered since `since`, oldest first.
    func notifications(userID: UUID, states: Set<NotificationState>, since: Date) async throws -> [CoachNotification]
    /// The member's inbox: delivered notifications (not the email digest, which is an email), newest first, at most `limit`.
    func inbox(userID: UUID, limit: Int) async throws -> [CoachNotification]
    /// How many delivered notifications the member has not read.
    func unreadNotificationCount(userID: UUID) async throws -> Int
    /// Marks one of the member's notifications read; `false` when they have none with that id.
    func markNotificationRead(id: UUID, userID: UUID, at: Date) async throws -> Bool
    /// Marks every delivered notification of the member read; returns how many changed.
    @discardableResult
    func markAllNotificationsRead(userID: UUID, at: Date) async throws -> Int
    /// The member's latest log (workout, meal, daily log) or chat message, else when they joined; `nil` for no one.
    func lastActivity(userID: UUID) async throws -> Date?
}

extension NotificationRepository {
    /// How long a claim holds before another scheduler may take the notification again.
    public static var claimLease: TimeInterval { 120 }
}
