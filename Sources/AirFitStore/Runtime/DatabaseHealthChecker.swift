public import AirFitCore
import Foundation

/// Health of a real `AirFitDatabase`.
public struct DatabaseHealthChecker: HealthChecking {
    let database: AirFitDatabase
    let pendingMigrations: [String]

    /// Checks `database`; `pendingMigrations` is what the start-up check found (empty after migrating).
    public init(database: AirFitDatabase, pendingMigrations: [String]) {
        self.database = database
        self.pendingMigrations = pendingMigrations
    }

    public func report() async -> HealthReport {
        let backend: String
        if case .postgres = database.configuration.backend { backend = "postgres" } else { backend = "sqlite" }
        do {
            try await database.ping()
            let pending = pendingMigrations
            let journal = try await database.journalMode()
            return HealthReport(
                status: pending.isEmpty ? "ok" : "degraded", version: AirFitVersion.current,
                database: .init(backend: backend, status: "ok", pendingMigrations: pending, journalMode: journal, error: nil))
        } catch {
            return HealthReport(
                status: "degraded", version: AirFitVersion.current,
                database: .init(
                    backend: backend, status: "unreachable", pendingMigrations: [], journalMode: nil, error: "the database did not answer"))
        }
    }
}
