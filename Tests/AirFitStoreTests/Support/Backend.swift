import AirFitCore
import Foundation
import Logging
import SQLKit
import Testing

@testable import AirFitStore

/// The storage backends every repository contract test runs against.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `InMemoryStore`.
    case memory
    /// `AirFitDatabase` on a SQLite file in a fresh temporary folder.
    case sqlite
    /// `AirFitDatabase` on a fresh database of the server in `AIRFIT_TEST_DATABASE_URL`.
    case postgres

    /// The backends with SQL tables (and a key vault).
    static let sql: [Backend] = [.sqlite, .postgres]

    var testDescription: String { rawValue }

    /// Opens a fresh, empty store, runs `body` on it, and always closes and removes it afterwards.
    ///
    /// PostgreSQL cases get a database of their own (created here, dropped afterwards), so they
    /// can run in parallel with each other and with anything else on the server. When
    /// `AIRFIT_TEST_DATABASE_URL` is unset they are skipped, unless `CI` is "true", where they fail.
    func withStore(_ body: (TestStore) async throws -> Void) async throws {
        switch self {
        case .memory:
            try await body(TestStore(backend: self, repository: InMemoryStore(), database: nil, directory: nil))
        case .sqlite:
            let directory = try TestDirectory.make()
            defer { TestDirectory.remove(directory) }
            let database = try await AirFitDatabase.open(
                StoreConfiguration(backend: .sqlite(path: directory.file("airfit.sqlite"))), logger: TestLog.logger)
            try await Self.run(body, on: TestStore(backend: self, repository: database.store, database: database, directory: directory))
        case .postgres:
            let server = try PostgresTestServer.fromEnvironment()
            await PostgresGate.shared.acquire()
            do {
                try await withPostgres(server, body)
            } catch {
                await PostgresGate.shared.release()
                throw error
            }
            await PostgresGate.shared.release()
        }
    }

    /// Runs `body` on a database created for it alone, dropped afterwards.
    private func withPostgres(_ server: PostgresTestServer, _ body: (TestStore) async throws -> Void) async throws {
        let name = try await server.createDatabase()
        do {
            let database = try await AirFitDatabase.open(
                StoreConfiguration(backend: .postgres(url: server.url(database: name))), logger: TestLog.logger)
            try await Self.run(body, on: TestStore(backend: self, repository: database.store, database: database, directory: nil))
            try await server.dropDatabase(name)
        } catch {
            try? await server.dropDatabase(name)
            throw error
        }
    }

    /// Runs `body` and shuts the database down whether or not it threw.
    private static func run(_ body: (TestStore) async throws -> Void, on store: TestStore) async throws {
        do {
            try await body(store)
        } catch {
            await store.database?.shutdown()
            throw error
        }
        await store.database?.shutdown()
    }
}

/// Caps how many PostgreSQL test databases are open at once.
///
/// Swift Testing runs every case in parallel; unbounded, the store tests alone peak near 50
/// connections, half of a default server's `max_connections`.
actor PostgresGate {
    static let shared = PostgresGate(limit: 6)

    private var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { available = limit }

    /// Waits for a free slot.
    func acquire() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Frees a slot, handing it to the longest waiter if there is one.
    func release() {
        if waiters.isEmpty {
            available += 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}

/// One open store under test.
struct TestStore: Sendable {
    let backend: Backend
    /// Every repository, as the app sees them.
    let repository: any AirFitRepository
    /// The SQL database (nil for the in-memory store).
    let database: AirFitDatabase?
    /// The data folder holding the SQLite file (nil otherwise).
    let directory: DataDirectory?

    /// The SQL database, or a failed requirement for the in-memory store.
    func requireDatabase(sourceLocation: SourceLocation = #_sourceLocation) throws -> AirFitDatabase {
        try #require(database, "the \(backend) backend has no SQL database", sourceLocation: sourceLocation)
    }

    /// Row counts of the user in every SQL table, or nil for the in-memory store.
    func rowCounts(userID: UUID) async throws -> [String: Int]? {
        try await database?.rowCounts(userID: userID)
    }
}

/// A failure in setting up the test environment itself.
struct TestSetupError: Error, CustomStringConvertible {
    let description: String
}

enum TestLog {
    static let logger: Logger = {
        var logger = Logger(label: "airfit.store-tests")
        logger.logLevel = .warning
        return logger
    }()
}

/// Temporary data folders, one per test.
enum TestDirectory {
    static func make() throws -> DataDirectory {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-store-tests-\(UUID().uuidString)").path
        let directory = DataDirectory(path: path)
        try directory.create()
        return directory
    }

    static func remove(_ directory: DataDirectory) {
        try? FileManager.default.removeItem(atPath: directory.path)
    }
}

/// The PostgreSQL server named by `AIRFIT_TEST_DATABASE_URL`, where each test makes its own database.
struct PostgresTestServer: Sendable {
    static let environmentVariable = "AIRFIT_TEST_DATABASE_URL"

    let adminURL: String

    /// The server, or a skipped test case (a failed one when `CI` is "true") when the variable is unset.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PostgresTestServer {
        if let url = environment[environmentVariable], !url.isEmpty { return PostgresTestServer(adminURL: url) }
        if environment["CI"] == "true" {
            throw TestSetupError(
                description: "\(environmentVariable) is not set, but CI=true requires the PostgreSQL cases to run. "
                    + "Start PostgreSQL and export \(environmentVariable)=postgres://user@127.0.0.1:5432/airfit_test.")
        }
        try Test.cancel(
            Comment(
                rawValue: "PostgreSQL case skipped: \(environmentVariable) is not set "
                    + "(export \(environmentVariable)=postgres://user@127.0.0.1:5432/airfit_test to run it)."))
    }

    /// The server URL pointing at another database.
    func url(database: String) throws -> String {
        guard var components = URLComponents(string: adminURL) else {
            throw TestSetupError(description: "\(Self.environmentVariable) is not a URL")
        }
        components.path = "/" + database
        guard let url = components.string else { throw TestSetupError(description: "cannot build a URL for \(database)") }
        return url
    }

    /// Creates an empty database with a unique name and returns the name.
    func createDatabase() async throws -> String {
        let name = "airfit_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await admin { try await $0.raw("CREATE DATABASE \(ident: name)").run() }
        return name
    }

    /// Drops a database made by `createDatabase()`, closing any connection still open to it.
    func dropDatabase(_ name: String) async throws {
        try await admin { try await $0.raw("DROP DATABASE IF EXISTS \(ident: name) WITH (FORCE)").run() }
    }

    private func admin(_ body: (any SQLDatabase) async throws -> Void) async throws {
        let database = try await AirFitDatabase.open(
            StoreConfiguration(backend: .postgres(url: adminURL)), logger: TestLog.logger, migrate: false)
        do {
            try await body(try database.rawSQL())
        } catch {
            await database.shutdown()
            throw error
        }
        await database.shutdown()
    }
}

extension AirFitDatabase {
    /// The raw SQL interface of the open database.
    func rawSQL() throws -> any SQLDatabase {
        guard let sql = database as? any SQLDatabase else { throw TestSetupError(description: "not a SQL database") }
        return sql
    }
}
