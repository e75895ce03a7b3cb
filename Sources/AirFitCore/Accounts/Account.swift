public import Foundation

/// A web sign-in for the installation's owner: an email and a password hash (never the password).
public struct Account: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    /// Lower-cased, trimmed email used to sign in.
    public var email: String
    /// A bcrypt hash of the password.
    public var passwordHash: String
    /// The user this account signs in as.
    public var userID: UUID
    public var createdAt: Date

    /// Creates an account; `email` is normalised with `Account.normalize(email:)`.
    public init(id: UUID = UUID(), email: String, passwordHash: String, userID: UUID, createdAt: Date = Date()) {
        self.id = id
        self.email = Account.normalize(email: email)
        self.passwordHash = passwordHash
        self.userID = userID
        self.createdAt = createdAt
    }

    /// Trims and lower-cases an email so look-ups do not depend on how it was typed.
    public static func normalize(email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}

/// Reads and writes sign-in accounts.
///
/// Emails are stored normalised; implementations must reject a second account with the same email
/// with `RepositoryError.conflict`.
public protocol AccountRepository: Sendable {
    /// How many accounts exist (zero means first run).
    func accountCount() async throws -> Int
    /// The account with this (normalised) email, if any.
    func account(email: String) async throws -> Account?
    /// The account with this id, if any.
    func account(id: UUID) async throws -> Account?
    /// Inserts an account.
    func createAccount(_ account: Account) async throws
    /// Inserts `account` as the installation's first (the owner) only when no account exists yet, atomically:
    /// of any number of parallel first-run sign-ups exactly one gets `true`.
    func createFirstAccount(_ account: Account) async throws -> Bool
}

/// Accounts held in memory, for tests.
public actor InMemoryAccountRepository: AccountRepository {
    private var accounts: [UUID: Account] = [:]

    /// Creates an empty repository.
    public init() {}

    public func accountCount() -> Int { accounts.count }

    public func account(email: String) -> Account? {
        let key = Account.normalize(email: email)
        return accounts.values.first { $0.email == key }
    }

    public func account(id: UUID) -> Account? { accounts[id] }

    public func createAccount(_ account: Account) throws {
        if accounts[account.id] != nil || accounts.values.contains(where: { $0.email == account.email }) {
            throw RepositoryError.conflict("an account with this email exists")
        }
        accounts[account.id] = account
    }

    public func createFirstAccount(_ account: Account) throws -> Bool {
        guard accounts.isEmpty else { return false }
        accounts[account.id] = account
        return true
    }
}
