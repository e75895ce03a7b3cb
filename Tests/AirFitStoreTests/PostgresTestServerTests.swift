import AirFitStore
import Foundation
import SQLKit
import Testing

@Suite("PostgreSQL test server")
struct PostgresTestServerTests {
    /// The one place that says out loud when the PostgreSQL cases are skipped (a skipped case prints nothing).
    @Test("The PostgreSQL backend is configured for the contract tests")
    func configured() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment[PostgresTestServer.environmentVariable]?.isEmpty == false else {
            if environment["CI"] != "true" {
                Issue.record(
                    Comment(
                        rawValue: "\(PostgresTestServer.environmentVariable) is not set: every PostgreSQL case is skipped. "
                            + "Export \(PostgresTestServer.environmentVariable)=postgres://user@127.0.0.1:5432/airfit_test to run them."),
                    severity: .warning)
            }
            _ = try PostgresTestServer.fromEnvironment(environment)
            return
        }
        try await Backend.postgres.withStore { store in
            let database = try store.requireDatabase()
            let row = try await database.rawSQL().raw("SELECT current_database() AS name").first()
            let name = try row?.decode(column: "name", as: String.self)
            #expect(name?.hasPrefix("airfit_test_") == true, "each test gets a database of its own")
            #expect(try await database.pendingMigrations().isEmpty)
            try await database.ping()
        }
    }

    @Test("Without AIRFIT_TEST_DATABASE_URL, CI=true turns the skip into a failure")
    func ciRequiresPostgres() {
        #expect(throws: TestSetupError.self) { try PostgresTestServer.fromEnvironment(["CI": "true"]) }
        #expect(throws: TestSetupError.self) { try PostgresTestServer.fromEnvironment(["CI": "true", "AIRFIT_TEST_DATABASE_URL": ""]) }
        #expect(throws: Never.self) { try PostgresTestServer.fromEnvironment(["AIRFIT_TEST_DATABASE_URL": "postgres://u@h/db"]) }
    }
}
