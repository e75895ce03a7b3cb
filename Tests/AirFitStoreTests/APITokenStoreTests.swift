import AirFitCore
import Foundation
import Testing

@testable import AirFitStore

/// Personal access tokens on every backend.
@Suite("API token store")
struct APITokenStoreTests {
    @Test(
        "A token is found by its secret's hash only, listed newest first, its use recorded, revoked only by its owner",
        arguments: Backend.allCases)
    func lifecycle(backend: Backend) async throws {
        try await backend.withStore { store in
            let tokens: any APITokenRepository = store.database?.store ?? InMemoryAPITokenRepository()
            let (owner, stranger) = (UUID(), UUID())
            let older = APIToken(
                accountID: owner, name: "Laptop", scopes: [.write, .read], createdAt: Date(timeIntervalSince1970: 1_000),
                expiresAt: Date(timeIntervalSince1970: 90_000))
            let newer = APIToken(accountID: owner, name: "Phone", scopes: [.openai, .chat], createdAt: Date(timeIntervalSince1970: 2_000))
            try await tokens.addAPIToken(older, secretHash: String(repeating: "a", count: 64))
            try await tokens.addAPIToken(newer, secretHash: String(repeating: "b", count: 64))
            await #expect(throws: RepositoryError.self) {
                try await tokens.addAPIToken(
                    APIToken(accountID: stranger, name: "Copy", scopes: [.read], createdAt: Date()),
                    secretHash: String(repeating: "a", count: 64))
            }
            #expect(try await tokens.apiToken(secretHash: String(repeating: "a", count: 64)) == older)
            #expect(try await tokens.apiToken(secretHash: String(repeating: "c", count: 64)) == nil)
            #expect(try await tokens.apiTokens(accountID: owner).map(\.name) == ["Phone", "Laptop"])
            #expect(try await tokens.apiTokens(accountID: owner).first?.scopes == [.chat, .openai])
            try await tokens.recordAPITokenUse(id: older.id, at: Date(timeIntervalSince1970: 5_000))
            #expect(
                try await tokens.apiToken(secretHash: String(repeating: "a", count: 64))?.lastUsedAt == Date(timeIntervalSince1970: 5_000))
            #expect(try await tokens.revokeAPIToken(id: older.id, accountID: stranger) == false)
            #expect(try await tokens.revokeAPIToken(id: older.id, accountID: owner))
            #expect(try await tokens.apiToken(secretHash: String(repeating: "a", count: 64)) == nil)
            #expect(try await tokens.deleteAPITokens(accountID: owner) == 1)
            #expect(try await tokens.apiTokens(accountID: owner).isEmpty)
        }
    }
}
