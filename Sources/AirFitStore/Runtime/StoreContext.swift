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

    /// The person this installation belongs to: the person of the oldest admin account, or (an installation used
    /// only from the command line, with no accounts) the first user, created on first use.
    public func owner() async throws -> User {
        if let admin = MemberRules.owner(among: try await store.accounts()) { return try await person(of: admin) }
        if let user = try await store.users().first { return user }
        let user = User(name: "")
        try await store.createUser(user)
        return user
    }

    /// The owner if one exists, without creating one.
    public func existingOwner() async throws -> User? {
        if let admin = MemberRules.owner(among: try await store.accounts()) { return try await store.user(id: admin.userID) }
        return try await store.users().first
    }

    /// The person the command acts on: the member signed in as `email`, or the owner when `email` is `nil`.
    /// A member who has not used AirFit yet gets their (empty) person row now, as their first sign-in would.
    /// Throws ``UnknownMemberError`` when no account has that email.
    public func person(email: String?) async throws -> User {
        guard let email else { return try await owner() }
        return try await person(of: try await member(email: email))
    }

    private func person(of account: Account) async throws -> User {
        if let user = try await store.user(id: account.userID) { return user }
        let user = User(id: account.userID, email: account.email)
        try await store.createUser(user)
        return user
    }

    /// The person the command acts on if they have any data, without creating one: the member signed in as
    /// `email`, or the owner when `email` is `nil`. Throws ``UnknownMemberError`` when no account has that email.
    public func existingPerson(email: String?) async throws -> User? {
        guard let email else { return try await existingOwner() }
        return try await store.user(id: try await member(email: email).userID)
    }

    /// The account signed in as `email`; throws ``UnknownMemberError`` when there is none.
    public func member(email: String) async throws -> Account {
        guard let account = try await store.account(email: email) else { throw UnknownMemberError(email: email) }
        return account
    }

    /// Closes the database.
    public func shutdown() async { await database.shutdown() }
}

/// No member signs in with the email given on the command line.
public struct UnknownMemberError: Error, LocalizedError, Sendable {
    /// The address as typed; shown to the person at the terminal who typed it, never logged.
    public let email: String

    /// An error for `email`.
    public init(email: String) { self.email = email }

    public var errorDescription: String? {
        "No member signs in as \(email) here. `airfit members list` shows who does."
    }
}
