import AirFitCore
import FluentKit
import Foundation
import SQLKit

extension FluentStore: SignInAttemptRepository {
    /// Read and write in one transaction (the row locked on PostgreSQL; SQLite's one connection serializes).
    public func recordAttempt(key: String, now: Date) async throws -> SignInAttempt {
        try await database.transaction { db in
            guard let sql = db as? any SQLDatabase else { throw RepositoryError.invalid("The database does not speak SQL.") }
            let lock = sql.dialect.name == "postgresql" ? " FOR UPDATE" : ""
            let row = try await sql.raw("SELECT count, last_at FROM sign_in_attempts WHERE key = \(bind: key)\(unsafeRaw: lock)").first()
            var previous: (count: Int, last: Date)?
            if let row {
                let last = Date(timeIntervalSince1970: try row.decode(column: "last_at", as: Double.self))
                if now.timeIntervalSince(last) < SignInThrottle.memory { previous = (try row.decode(column: "count", as: Int.self), last) }
            }
            let attempt = SignInAttempt(count: (previous?.count ?? 0) + 1, previous: previous?.last)
            try await sql.insert(into: CreateSignInAttempts.schema).columns("key", "count", "last_at")
                .values(SQLBind(key), SQLBind(attempt.count), SQLBind(now.timeIntervalSince1970))
                .onConflict(with: ["key"]) { $0.set(excludedValueOf: "count").set(excludedValueOf: "last_at") }
                .run()
            return attempt
        }
    }

    public func resetAttempts(key: String) async throws {
        try await database.sql.delete(from: CreateSignInAttempts.schema).where("key", .equal, SQLBind(key)).run()
    }
}
