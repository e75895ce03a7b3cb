import AirFitCore
import FluentKit
import Foundation

/// The `accounts` table: web sign-ins. Dates are seconds since 1970 like every other table.
final class AccountModel: Model, @unchecked Sendable {
    static let schema = "accounts"

    @ID(key: .id) var id: UUID?
    @Field(key: "email") var email: String
    @Field(key: "password_hash") var passwordHash: String
    @Field(key: "user_id") var userID: UUID
    @Field(key: "role") var role: String
    @Field(key: "created_at") var createdAt: Double

    init() {}

    init(_ account: Account) {
        id = account.id
        email = account.email
        passwordHash = account.passwordHash
        userID = account.userID
        role = account.role.rawValue
        createdAt = account.createdAt.timeIntervalSince1970
    }

    /// The domain value.
    func domain() throws -> Account {
        guard let id else { throw RepositoryError.invalid("An account row has no id.") }
        return Account(
            id: id, email: email, passwordHash: passwordHash, userID: userID, role: MemberRole(rawValue: role) ?? .member,
            createdAt: Date(timeIntervalSince1970: createdAt))
    }
}
