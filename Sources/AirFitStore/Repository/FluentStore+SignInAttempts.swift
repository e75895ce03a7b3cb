public import AirFitCore
public import FluentKit
import Foundation
import SQLKit

extension FluentStore: SignInAttemptRepository {
    /// One statement, so parallel attempts each get their own number on SQLite and PostgreSQL alike: insert the
    /// first, or add one (starting again at 1 after ``SignInThrottle/memory``), returning the count and the previous time.
    public func recordAttempt(key: String, now: Date) async throws -> SignInAttempt {
        let at = now.timeIntervalSince1970
        let cutoff = at - SignInThrottle.memory
        let row = try await database.sql.raw(
            """
            INSERT INTO sign_in_attempts (key, count, last_at, previous_at) VALUES (\(bind: key), 1, \(bind: at), NULL)
            ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN sign_in_attempts.last_at < \(bind: cutoff) THEN 1 ELSE sign_in_attempts.count + 1 END,
            previous_at = CASE WHEN sign_in_attempts.last_at < \(bind: cutoff) THEN NULL ELSE sign_in_attempts.last_at END,
            last_at = \(bind: at)
            RETURNING count, previous_at
            """
        ).first()
        guard let row else { throw RepositoryError.invalid("The sign-in attempt was not recorded.") }
        let previous = try row.decode(column: "previous_at", as: Double?.self)
        return SignInAttempt(
            count: try row.decode(column: "count", as: Int.self), previous: previous.map(Date.init(timeIntervalSince1970:)))
    }

    public func resetAttempts(key: String) async throws {
        try await database.sql.delete(from: CreateSignInAttempts.schema).where("key", .equal, SQLBind(key)).run()
    }
}
