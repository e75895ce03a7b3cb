public import AirFitCore
public import FluentKit
import Foundation
import SQLKit

extension FluentStore: WebSessionRepository {
    public func createSession(_ session: WebSession) async throws {
        try await mapped("A session with this id or token") { try await WebSessionModel(session).create(on: database) }
    }

    public func session(tokenHash: String, now: Date) async throws -> WebSession? {
        try await database.sql.raw(
            """
            SELECT \(unsafeRaw: WebSessionRow.columns) FROM web_sessions WHERE token_hash = \(bind: tokenHash) \
            AND expires_at > \(bind: now.timeIntervalSince1970) LIMIT 1
            """
        ).first(decoding: WebSessionRow.self)?.domain()
    }

    /// Writes every field but the id and token hash, which never change.
    public func updateSession(_ session: WebSession) async throws {
        let updated = try await database.sql.raw(
            """
            UPDATE web_sessions SET account_id = \(bind: session.accountID), csrf_token = \(bind: session.csrfToken), \
            skipped_onboarding = \(bind: session.skippedOnboarding), locked = \(bind: session.isLocked), \
            created_at = \(bind: session.createdAt.timeIntervalSince1970), last_seen_at = \(bind: session.lastSeenAt.timeIntervalSince1970), \
            expires_at = \(bind: session.expiresAt.timeIntervalSince1970), \
            authenticated_at = \(bind: session.authenticatedAt.timeIntervalSince1970), device = \(bind: session.device) WHERE id = \(bind: session.id) RETURNING id
            """
        ).first()
        guard updated != nil else { throw RepositoryError.notFound("Session \(session.id)") }
    }

    @discardableResult
    public func deleteSession(tokenHash: String) async throws -> Bool {
        try await Self.deleteRows(WebSessionModel.query(on: database).filter(\.$tokenHash == tokenHash)) > 0
    }

    @discardableResult
    public func deleteExpiredSessions(now: Date) async throws -> Int {
        try await Self.deleteRows(WebSessionModel.query(on: database).filter(\.$expiresAt <= now.timeIntervalSince1970))
    }

    public func sessions(accountID: UUID, now: Date) async throws -> [WebSession] {
        try await database.sql.raw(
            """
            SELECT \(unsafeRaw: WebSessionRow.columns) FROM web_sessions WHERE account_id = \(bind: accountID) \
            AND expires_at > \(bind: now.timeIntervalSince1970) ORDER BY last_seen_at DESC
            """
        ).all(decoding: WebSessionRow.self).map { $0.domain() }
    }

    @discardableResult
    public func deleteSessions(accountID: UUID, except kept: UUID?) async throws -> Int {
        var query = WebSessionModel.query(on: database).filter(\.$accountID == accountID)
        if let kept { query = query.filter(\.$id != kept) }
        return try await Self.deleteRows(query)
    }
}
