public import AirFitCore
public import Foundation
import SQLKit

extension FluentStore {
    /// A `notifications` row as read back.
    private struct NotificationRow: Decodable {
        let id: UUID
        let user_id: UUID
        let category: String
        let title: String
        let body: String
        let link: String
        let due_at: Double
        let state: String
        let dedupe_key: String
        let created_at: Double
        let delivered_at: Double?
        let read_at: Double?
        let claim_token: UUID?
        let held_until: Double?

        func domain() throws -> CoachNotification {
            guard let category = NotificationCategory(storedName: category), let state = NotificationState(rawValue: state) else {
                throw RepositoryError.invalid("A notification (\(id)) could not be read back.")
            }
            return CoachNotification(
                id: id, userID: user_id, category: category, title: title, body: body, link: link,
                dueAt: Date(timeIntervalSince1970: due_at), state: state, dedupeKey: dedupe_key,
                createdAt: Date(timeIntervalSince1970: created_at), deliveredAt: delivered_at.map(Date.init(timeIntervalSince1970:)),
                readAt: read_at.map(Date.init(timeIntervalSince1970:)), claim: claim_token,
                heldUntil: held_until.map(Date.init(timeIntervalSince1970:)))
        }
    }

    private static let notificationColumns =
        "id, user_id, category, title, body, link, due_at, state, dedupe_key, created_at, delivered_at, read_at, claim_token, held_until"

    @discardableResult
    public func scheduleNotification(_ notification: CoachNotification) async throws -> Bool {
        // The unique (user_id, dedupe_key) index decides; a member who is gone gets nothing.
        let inserted = try await database.sql.raw(
            """
            INSERT INTO notifications (id, user_id, category, title, body, link, due_at, state, dedupe_key, created_at, delivered_at)
            SELECT \(bind: notification.id), \(bind: notification.userID), \(bind: notification.category.rawValue),
                \(bind: notification.title), \(bind: notification.body), \(bind: notification.link),
                \(bind: notification.dueAt.timeIntervalSince1970), \(bind: notification.state.rawValue), \(bind: notification.dedupeKey),
                \(bind: notification.createdAt.timeIntervalSince1970), \(bind: notification.deliveredAt?.timeIntervalSince1970)
            WHERE EXISTS (SELECT 1 FROM users WHERE id = \(bind: notification.userID))
            ON CONFLICT (user_id, dedupe_key) DO NOTHING
            RETURNING id
            """
        ).all()
        return !inserted.isEmpty
    }

    public func claimDueNotifications(now: Date, limit: Int) async throws -> [CoachNotification] {
        let sql = database.sql
        // PostgreSQL: rows another server is claiming are skipped, not waited for. SQLite writes one at a time.
        let lock = sql.dialect.name == "postgresql" ? " FOR UPDATE SKIP LOCKED" : ""
        let at = now.timeIntervalSince1970
        let lapsed = at - Self.claimLease
        return try await sql.raw(
            """
            UPDATE notifications SET claim_token = \(bind: UUID()), claimed_at = \(bind: at)
            WHERE id IN (
                SELECT id FROM notifications
                WHERE ((state = 'pending' AND due_at <= \(bind: at)) OR (state = 'held' AND held_until <= \(bind: at)))
                    AND (claimed_at IS NULL OR claimed_at < \(bind: lapsed))
                ORDER BY due_at, id LIMIT \(bind: max(0, limit))\(unsafeRaw: lock)
            )
            RETURNING \(unsafeRaw: Self.notificationColumns)
            """
        ).all(decoding: NotificationRow.self).map { try $0.domain() }.sorted { ($0.dueAt, $0.id.uuidString) < ($1.dueAt, $1.id.uuidString) }
    }

    public func settleNotification(_ notification: CoachNotification) async throws -> Bool {
        guard let claim = notification.claim else { return false }
        let settled = try await database.sql.raw(
            """
            UPDATE notifications SET state = \(bind: notification.state.rawValue),
                held_until = \(bind: notification.heldUntil?.timeIntervalSince1970), body = \(bind: notification.body),
                delivered_at = \(bind: notification.deliveredAt?.timeIntervalSince1970), claim_token = NULL, claimed_at = NULL
            WHERE id = \(bind: notification.id) AND claim_token = \(bind: claim)
            RETURNING id
            """
        ).all()
        return !settled.isEmpty
    }

    public func notifications(userID: UUID, states: Set<NotificationState>, since: Date) async throws -> [CoachNotification] {
        guard !states.isEmpty else { return [] }
        let names = states.map(\.rawValue).sorted()
        return try await database.sql.raw(
            """
            SELECT \(unsafeRaw: Self.notificationColumns) FROM notifications
            WHERE user_id = \(bind: userID) AND state IN (\(binds: names)) AND COALESCE(delivered_at, due_at) >= \(bind: since.timeIntervalSince1970)
            ORDER BY due_at, id
            """
        ).all(decoding: NotificationRow.self).map { try $0.domain() }
    }

    public func inbox(userID: UUID, limit: Int) async throws -> [CoachNotification] {
        try await database.sql.raw(
            """
            SELECT \(unsafeRaw: Self.notificationColumns) FROM notifications
            WHERE user_id = \(bind: userID) AND state = 'delivered' AND category <> 'email_digest'
            ORDER BY delivered_at DESC, id DESC LIMIT \(bind: max(0, limit))
            """
        ).all(decoding: NotificationRow.self).map { try $0.domain() }
    }

    public func unreadNotificationCount(userID: UUID) async throws -> Int {
        let row = try await database.sql.raw(
            """
            SELECT COUNT(*) AS n FROM notifications
            WHERE user_id = \(bind: userID) AND state = 'delivered' AND read_at IS NULL AND category <> 'email_digest'
            """
        ).first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    public func markNotificationRead(id: UUID, userID: UUID, at: Date) async throws -> Bool {
        let rows = try await database.sql.raw(
            """
            UPDATE notifications SET read_at = COALESCE(read_at, \(bind: at.timeIntervalSince1970))
            WHERE id = \(bind: id) AND user_id = \(bind: userID) AND state = 'delivered'
            RETURNING id
            """
        ).all()
        return !rows.isEmpty
    }

    public func markAllNotificationsRead(userID: UUID, at: Date) async throws -> Int {
        try await database.sql.raw(
            """
            UPDATE notifications SET read_at = \(bind: at.timeIntervalSince1970)
            WHERE user_id = \(bind: userID) AND state = 'delivered' AND read_at IS NULL
            RETURNING id
            """
        ).all().count
    }

    public func lastActivity(userID: UUID) async throws -> Date? {
        let row = try await database.sql.raw(
            """
            SELECT created_at AS joined,
                (SELECT MAX(created_at) FROM workouts WHERE user_id = \(bind: userID)) AS workout,
                (SELECT MAX(created_at) FROM food_entries WHERE user_id = \(bind: userID)) AS meal,
                (SELECT MAX(updated_at) FROM daily_logs WHERE user_id = \(bind: userID)) AS daily,
                (SELECT MAX(created_at) FROM coach_messages WHERE user_id = \(bind: userID) AND role = 'user') AS chat
            FROM users WHERE id = \(bind: userID)
            """
        ).first()
        guard let row else { return nil }
        let times = try ["joined", "workout", "meal", "daily", "chat"].compactMap { try row.decode(column: $0, as: Double?.self) }
        return times.max().map(Date.init(timeIntervalSince1970:))
    }
}
