public import Foundation

/// A member's web sign-in: an email, a password hash (never the password), their role, and the person (`User`) it
/// signs in as.
public struct Account: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    /// Lower-cased, trimmed email used to sign in.
    public var email: String
    /// A bcrypt hash of the password; empty for a person who has no password (only a linked sign-in provider).
    public var passwordHash: String
    /// The user this account signs in as.
    public var userID: UUID
    /// What the member may do: admins manage members.
    public var role: MemberRole
    public var createdAt: Date

    /// Creates an account; `email` is normalised with `Account.normalize(email:)`.
    public init(
        id: UUID = UUID(), email: String, passwordHash: String, userID: UUID, role: MemberRole = .member, createdAt: Date = Date()
    ) {
        self.id = id
        self.email = Account.normalize(email: email)
        self.passwordHash = passwordHash
        self.userID = userID
        self.role = role
        self.createdAt = createdAt
    }

    /// Whether the person has a password (else they sign in only through a linked provider).
    public var hasPassword: Bool { !passwordHash.isEmpty }

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
    /// Every account, oldest first.
    func accounts() async throws -> [Account]
    /// Replaces the stored account with the same id (email, password hash, role). Throws `RepositoryError.conflict`
    /// when the email belongs to another account, `RepositoryError.notFound` when there is none.
    func updateAccount(_ account: Account) async throws
    /// Deletes the account `id` (its sessions, links and log go separately); returns whether it existed.
    @discardableResult
    func deleteAccount(id: UUID) async throws -> Bool
}

/// Accounts held in memory, for tests.
public actor InMemoryAccountRepository: AccountRepository {
    private var byID: [UUID: Account] = [:]

    /// Creates an empty repository.
    public init() {}

    public func accountCount() -> Int { byID.count }

    public func account(email: String) -> Account? {
        let key = Account.normalize(email: email)
        return byID.values.first { $0.email == key }
    }

    public func account(id: UUID) -> Account? { byID[id] }

    public func createAccount(_ account: Account) throws {
        if byID[account.id] != nil || byID.values.contains(where: { $0.email == account.email }) {
            throw RepositoryError.conflict("an account with this email exists")
        }
        byID[account.id] = account
    }

    public func createFirstAccount(_ account: Account) throws -> Bool {
        guard byID.isEmpty else { return false }
        byID[account.id] = account
        return true
    }

    public func accounts() -> [Account] {
        byID.values.sorted { ($0.createdAt, $0.email) < ($1.createdAt, $1.email) }
    }

    public func updateAccount(_ account: Account) throws {
        guard byID[account.id] != nil else { throw RepositoryError.notFound("Account \(account.id)") }
        if byID.values.contains(where: { $0.id != account.id && $0.email == account.email }) {
            throw RepositoryError.conflict("an account with this email exists")
        }
        byID[account.id] = account
    }

    public func deleteAccount(id: UUID) -> Bool {
        byID.removeValue(forKey: id) != nil
    }
}
