import AirFitCore
import FluentKit
import Foundation

extension FluentStore: WebSessionRepository {
    public func createSession(_ session: WebSession) async throws {
        try await mapped("A session with this id or token") { try await WebSessionModel(session).create(on: database) }
    }

    public func session(tokenHash: String, now: Date) async throws -> WebSession? {
        try await WebSessionModel.query(on: database).filter(\.$tokenHash == tokenHash)
            .filter(\.$expiresAt > now.timeIntervalSince1970).first()?.domain()
    }

    public func updateSession(_ session: WebSession) async throws {
        guard let model = try await WebSessionModel.find(session.id, on: database) else {
            throw RepositoryError.notFound("Session \(session.id)")
        }
        model.update(from: session)
        try await model.update(on: database)
    }

    @discardableResult
    public func deleteSession(tokenHash: String) async throws -> Bool {
        try await Self.deleteRows(WebSessionModel.query(on: database).filter(\.$tokenHash == tokenHash)) > 0
    }

    @discardableResult
    public func deleteExpiredSessions(now: Date) async throws -> Int {
        try await Self.deleteRows(WebSessionModel.query(on: database).filter(\.$expiresAt <= now.timeIntervalSince1970))
    }
}
