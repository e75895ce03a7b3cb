import Foundation

/// What `GET /health` answers.
public struct HealthReport: Codable, Sendable, Equatable {
    /// "ok" or "degraded".
    public var status: String
    public var version: String
    public var database: DatabaseHealth

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
    }
}
