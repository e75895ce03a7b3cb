import Foundation

/// What `GET /health` answers.
public struct HealthReport: Codable, Sendable, Equatable {
    /// "ok" or "degraded".
    public var status: String
    public var version: String
    public var database: DatabaseHealth

    /// Creates a report.
    public init(status: String, version: String, database: DatabaseHealth) {
        self.status = status
        self.version = version
        self.database = database
    }

    /// The database part of the report.
    public struct DatabaseHealth: Codable, Sendable, Equatable {
        /// "sqlite" or "postgres".
        public var backend: String
        /// "ok" or "unreachable".
        public var status: String
        /// Names of migrations not applied yet (empty when up to date).
        public var pendingMigrations: [String]
        /// SQLite's journal mode ("wal"); absent on PostgreSQL.
        public var journalMode: String?
        /// Why the database is unhealthy, without connection secrets.
        public var error: String?

        /// Creates the database part.
        public init(backend: String, status: String, pendingMigrations: [String], journalMode: String?, error: String?) {
            self.backend = backend
            self.status = status
            self.pendingMigrations = pendingMigrations
            self.journalMode = journalMode
            self.error = error
        }
    }
}

/// Produces a health report; the server depends on this seam, tests can substitute it.
public protocol HealthChecking: Sendable {
    /// Checks the database now.
    func report() async -> HealthReport
}
