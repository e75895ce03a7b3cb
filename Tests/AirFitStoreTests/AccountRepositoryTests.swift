import AirFitCore
import Foundation
import Testing

@testable import AirFitStore

/// The account rules every implementation keeps: normalised emails, one account per email.
@Suite("Account repository")
struct AccountRepositoryTests {
    @Test("Accounts are found by email however it is typed; a second account for the email conflicts", arguments: Backend.allCases)
    func accounts(backend: Backend) async throws {
        try await backend.withStore { store in
            let accounts: any AccountRepository = store.database?.store ?? InMemoryAccountRepository()
            #expect(try await accounts.accountCount() == 0)
            let account = Account(email: "  Owner@Example.COM ", passwordHash: "$2b$04$hash", userID: UUID())
            #expect(account.email == "owner@example.com")
            try await accounts.createAccount(account)
            #expect(try await accounts.accountCount() == 1)
            let found = try await accounts.account(email: "OWNER@example.com")
            #expect(found?.id == account.id)
            #expect(found?.passwordHash == account.passwordHash)
            #expect(try await accounts.account(id: account.id)?.userID == account.userID)
            await #expect(throws: RepositoryError.self) {
                try await accounts.createAccount(Account(email: "owner@example.com", passwordHash: "x", userID: UUID()))
            }
        }
    }

    @Test("Of twenty parallel first-run sign-ups exactly one becomes the owner", arguments: Backend.allCases)
    func firstAccountIsUnique(backend: Backend) async throws {
        try await backend.withStore { store in
            let accounts: any AccountRepository = store.database?.store ?? InMemoryAccountRepository()
            let results = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await accounts.createFirstAccount(
                            Account(email: "owner\(index)@example.com", passwordHash: "$2b$04$hash", userID: UUID()))
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(results.filter { $0 }.count == 1)
            #expect(try await accounts.accountCount() == 1)
            #expect(try await accounts.createFirstAccount(Account(email: "late@example.com", passwordHash: "x", userID: UUID())) == false)
        }
    }
}
