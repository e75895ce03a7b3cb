import AirFitCore
public import FluentKit
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
public import Logging
import NIOCore
import NIOPosix
import SQLKit

/// An open database: the FluentKit glue, migrations, health, and the repositories on top.
public final class AirFitDatabase: Sendable {
    private let databases: Databases
    private let eventLoopGroup: MultiThreadedEventLoopGroup
    private let logger: Logger
    /// The configuration it was opened with.
    public let configuration: StoreConfiguration
    /// The database handle every repository uses.
    let database: any Database
    /// The repositories.
    public let store: FluentStore

    private init(configuration: StoreConfiguration, logger: Logger) throws {
        self.configuration = configuration
        self.logger = logger
        // SQLite: one event loop, hence one connection, so transactions never meet SQLITE_BUSY.
        let threads: Int
        if case .sqlite = configuration.backend { threads = 1 } else { threads = 2 }
        eventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        databases = Databases(threadPool: .singleton, on: eventLoopGroup)
        let id: DatabaseID
        switch configuration.backend {
        case .sqlite(let path):
            id = .sqlite
            // Private from the start: SQLite gives its -wal and -shm files the database file's mode.
            if !FileManager.default.fileExists(atPath: path) {
                _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            }
            // One connection serves every write in turn: a burst queues behind it, and on a small busy machine the
            // default 10 s wait for it turned a slow save into a failed one.
            databases.use(.sqlite(.file(path), connectionPoolTimeout: .seconds(30), sqlLogLevel: nil), as: id)
        case .postgres(let url):
            id = .psql
            do {
                databases.use(try .postgres(url: url, maxConnectionsPerEventLoop: 4, sqlLogLevel: .trace), as: id)
            } catch {
                throw StoreError.invalidDatabaseURL
            }
        }
        // Query logs carry bind values (password hashes, token hashes, emails, messages, sealed keys): the
        // database layer logs nothing below `notice`, whatever AIRFIT_LOG_LEVEL says.
        var databaseLogger = logger
        databaseLogger.logLevel = max(logger.logLevel, .notice)
        guard let database = databases.database(id, logger: databaseLogger, on: eventLoopGroup.next()) else {
            throw StoreError.databaseUnreachable("the database could not be opened")
        }
        self.database = database
        store = FluentStore(database: database)
    }

    /// Opens the database, sets SQLite to WAL mode, and runs pending migrations.
    public static func open(_ configuration: StoreConfiguration, logger: Logger, migrate: Bool = true) async throws -> AirFitDatabase {
        let db = try AirFitDatabase(configuration: configuration, logger: logger)
        do {
            if case .sqlite = configuration.backend {
                try await db.database.sql.raw("PRAGMA journal_mode=WAL").run()
                try await db.database.sql.raw("PRAGMA synchronous=NORMAL").run()
            }
            if migrate { try await db.migrate() }
        } catch {
            await db.shutdown()
            throw StoreError.databaseUnreachable(Self.describe(error))
        }
        return db
    }

    private func migrator() -> Migrator {
        let migrations = Migrations()
        migrations.add(CreateSchema())
        migrations.add(CreateAccounts())
        migrations.add(AddUserAIBaseURL())
        migrations.add(CreateSessionsAndDrafts())
        migrations.add(AddVaultBaseURL())
        migrations.add(CreateInstallationOwner())
        migrations.add(CreateSignInAttempts())
        migrations.add(AddPrivacyControls())
        migrations.add(AddMessageCard())
        migrations.add(AddOnboardingPostponed())
        migrations.add(AddDeletedEntries())
        migrations.add(AddConversationTitle())
        migrations.add(AddProgressTargets())
        migrations.add(AddMembers())
        migrations.add(CreateMailQueue())
        migrations.add(AddSignInMethods())
        migrations.add(AddTrainingPlans())
        migrations.add(AddAPIAccess())
        migrations.add(AddUsageLedger())
        migrations.add(AddNotifications())
        let database = self.database
        return Migrator(databaseFactory: { _ in database }, migrations: migrations, on: eventLoopGroup.next(), migrationLogLevel: .debug)
    }

    /// Applies every migration not yet applied.
    public func migrate() async throws {
        let migrator = migrator()
        try await migrator.setupIfNeeded().get()
        try await migrator.prepareBatch().get()
    }

    /// Names of migrations not yet applied.
    public func pendingMigrations() async throws -> [String] {
        let migrator = migrator()
        try await migrator.setupIfNeeded().get()
        return try await migrator.previewPrepareBatch().get().map { $0.0.name }
    }

    /// Runs `SELECT 1`; throws when the database does not answer.
    public func ping() async throws {
        try await database.sql.raw("SELECT 1").run()
    }

    /// The SQLite journal mode ("wal"), or nil on PostgreSQL.
    public func journalMode() async throws -> String? {
        guard case .sqlite = configuration.backend else { return nil }
        let rows = try await database.sql.raw("PRAGMA journal_mode").all()
        return try rows.first?.decode(column: "journal_mode", as: String.self)
    }

    /// Row counts of the user's data in every table (used to prove deletion).
    public func rowCounts(userID: UUID) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in FluentStore.userTables {
            let column = table == UserModel.schema ? "id" : "user_id"
            let rows = try await database.sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .from(table).where(SQLColumn(column), .equal, SQLBind(userID)).all()
            counts[table] = try rows.first?.decode(column: "n", as: Int.self) ?? 0
        }
        return counts
    }

    /// Closes connections and stops the event loops.
    public func shutdown() async {
        await databases.shutdownAsync()
        try? await eventLoopGroup.shutdownGracefully()
    }

    /// A one-line reason without connection details (the URL may hold a password).
    static func describe(_ error: any Error) -> String {
        let text = String(reflecting: error)
        if text.contains("connect") || text.contains("Connection") { return "connection refused or timed out" }
        if let localized = error as? any LocalizedError, let description = localized.errorDescription { return description }
        return String(text.prefix(200))
    }
}
