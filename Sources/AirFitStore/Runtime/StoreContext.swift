public import AirFitCore
public import Foundation
public import Logging

/// Everything a command or the server needs from storage: data directory, database, vault.
public struct StoreContext: Sendable {
    public let dataDirectory: DataDirectory
    public let database: AirFitDatabase
    public let vault: KeyVault
    public let masterKey: MasterKey

    /// The repositories.
    public var store: FluentStore { database.store }

    /// Opens storage as configured by the environment (`AIRFIT_DATA_DIR`, `DATABASE_URL`, `AIRFIT_MASTER_KEY`),
    /// creating the data directory and master key on first run and applying migrations.
    public static func open(
        environment: [String: String] = ProcessInfo.processInfo.environment, logger: Logger
    ) async throws -> StoreContext {
        let dataDirectory = DataDirectory.fromEnvironment(environment)
        try dataDirectory.create()
        let masterKey = try MasterKey.load(environment: environment, dataDirectory: dataDirectory)
        let configuration = try StoreConfiguration.fromEnvironment(environment, dataDirectory: dataDirectory)
        logger.debug("Opening storage", metadata: ["database": .string(configuration.redactedDescription)])
        let database = try await AirFitDatabase.open(configuration, logger: logger)
        let vault = KeyVault(database: database, masterKey: masterKey, previousKeys: Self.pendingKeys(dataDirectory))
        return StoreContext(dataDirectory: dataDirectory, database: database, vault: vault, masterKey: masterKey)
    }

    /// A key left by an interrupted rotation (`master.key.next`) still opens the entries it sealed.
    private static func pendingKeys(_ dataDirectory: DataDirectory) -> [MasterKey] {
        let path = dataDirectory.file(MasterKey.fileName + ".next")
        guard FileManager.default.fileExists(atPath: path), let key = try? MasterKey.read(path: path) else { return [] }
        return [key]
    }

    /// The person this installation belongs to: the first user, created on first use.
    public func owner() async throws -> User {
        if let user = try await store.users().first { return user }
        let user = User(name: "")
        try await store.createUser(user)
        return user
    }

    /// The owner if one exists, without creating one.
    public func existingOwner() async throws -> User? { try await store.users().first }

    /// Closes the database.
    public func shutdown() async { await database.shutdown() }
}
