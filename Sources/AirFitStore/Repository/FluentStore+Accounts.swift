import AirFitCore
import FluentKit
import Foundation

extension FluentStore: AccountRepository {
    public func accountCount() async throws -> Int {
        try await AccountModel.query(on: database).count()
    }

    public func account(email: String) async throws -> Account? {
        try await AccountModel.query(on: database).filter(\.$email == Account.normalize(email: email)).first()?.domain()
    }

    public func account(id: UUID) async throws -> Account? {
        try await AccountModel.find(id, on: database)?.domain()
    }

    public func createAccount(_ account: Account) async throws {
        try await mapped("An account with this email") { try await AccountModel(account).create(on: database) }
    }
}
