public import AirFitCore
public import FluentKit
import Foundation
import SQLKit

extension FluentStore: AccountRepository {
    public func accountCount() async throws -> Int {
        try await AccountModel.query(on: database).count()
    }

    public func account(email: String) async throws -> Account? {
        try await database.sql.raw(
            "SELECT \(unsafeRaw: AccountRow.columns) FROM accounts WHERE email = \(bind: Account.normalize(email: email)) LIMIT 1"
        ).first(decoding: AccountRow.self)?.domain()
    }

    public func account(id: UUID) async throws -> Account? {
        try await database.sql.raw("SELECT \(unsafeRaw: AccountRow.columns) FROM accounts WHERE id = \(bind: id)")
            .first(decoding: AccountRow.self)?.domain()
    }

    public func createAccount(_ account: Account) async throws {
        try await mapped("An account with this email") { try await AccountModel(account).create(on: database) }
    }

    /// One transaction: the installation's single owner claim (a fixed primary key, so a second claim fails in the
    /// schema, not in a check) and the account.
    public func createFirstAccount(_ account: Account) async throws -> Bool {
        do {
            return try await database.transaction { db in
                guard try await AccountModel.query(on: db).count() == 0 else { return false }
                try await db.sql.insert(into: CreateInstallationOwner.schema).columns("id", "account_id", "created_at")
                    .values(SQLBind(1), SQLBind(account.id), SQLBind(account.createdAt.timeIntervalSince1970)).run()
                try await AccountModel(account).create(on: db)
                return true
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            return false
        }
    }

    public func accounts() async throws -> [Account] {
        try await database.sql.raw("SELECT \(unsafeRaw: AccountRow.columns) FROM accounts ORDER BY created_at, email")
            .all(decoding: AccountRow.self).map { $0.domain() }
    }

    public func updateAccount(_ account: Account) async throws {
        let updated = try await mapped("An account with this email") {
            try await database.sql.raw(
                """
                UPDATE accounts SET email = \(bind: account.email), password_hash = \(bind: account.passwordHash), \
                role = \(bind: account.role.rawValue) WHERE id = \(bind: account.id) RETURNING id
                """
            ).first()
        }
        guard updated != nil else { throw RepositoryError.notFound("Account \(account.id)") }
    }

    @discardableResult
    public func deleteAccount(id: UUID) async throws -> Bool {
        try await Self.deleteRows(AccountModel.query(on: database).filter(\.$id == id)) > 0
    }
}
