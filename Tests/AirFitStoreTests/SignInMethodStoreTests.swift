import AirFitCore
import Foundation
import Testing

@testable import AirFitStore

/// Linked provider identities, passkeys and pending sign-in steps, on every backend.
@Suite("Sign-in method store")
struct SignInMethodStoreTests {
    @Test("An identity belongs to one member: linking it twice conflicts; unlinking works only for its owner", arguments: Backend.allCases)
    func identitiesAreUnique(backend: Backend) async throws {
        try await backend.withStore { store in
            let identities: any LinkedIdentityRepository = store.database?.store ?? InMemoryLinkedIdentityRepository()
            let (first, second) = (UUID(), UUID())
            let at = Date(timeIntervalSince1970: 1_000)
            let google = LinkedIdentity(
                accountID: first, providerID: "google", issuer: "https://accounts.google.com", subject: "123", email: "a@gmail.com",
                createdAt: at)
            try await identities.linkIdentity(google)
            await #expect(throws: RepositoryError.self) {
                try await identities.linkIdentity(
                    LinkedIdentity(
                        accountID: second, providerID: "google", issuer: "https://accounts.google.com", subject: "123", email: nil,
                        createdAt: at))
            }
            // The same subject at another issuer is another identity.
            let apple = LinkedIdentity(
                accountID: first, providerID: "apple", issuer: "https://appleid.apple.com", subject: "123", email: nil,
                createdAt: at.addingTimeInterval(1))
            try await identities.linkIdentity(apple)
            #expect(try await identities.identity(issuer: "https://accounts.google.com", subject: "123")?.accountID == first)
            #expect(try await identities.identities(accountID: first).map(\.providerID) == ["google", "apple"])
            #expect(try await identities.identities(accountID: first).last?.email == nil)
            try await identities.touchIdentity(id: google.id, at: at.addingTimeInterval(60))
            #expect(try await identities.identity(issuer: google.issuer, subject: "123")?.lastUsedAt == at.addingTimeInterval(60))
            #expect(try await identities.unlinkIdentity(id: google.id, accountID: second) == false)
            #expect(try await identities.unlinkIdentity(id: google.id, accountID: first))
            #expect(try await identities.deleteIdentities(accountID: first) == 1)
            #expect(try await identities.identities(accountID: first).isEmpty)
        }
    }

    @Test("A passkey's counter moves only from the value read: of ten parallel uses one wins", arguments: Backend.allCases)
    func passkeyCounterIsCompareAndSet(backend: Backend) async throws {
        try await backend.withStore { store in
            let passkeys: any PasskeyRepository = store.database?.store ?? InMemoryPasskeyRepository()
            let account = UUID()
            let credential = Data((0..<64).map { UInt8($0) })
            let key = Passkey(
                accountID: account, credentialID: credential, publicKey: Data([0xa5, 1, 2]), algorithm: -7, signCount: 4_000_000_000,
                name: "iPhone", backedUp: true, createdAt: Date(timeIntervalSince1970: 10))
            try await passkeys.addPasskey(key)
            await #expect(throws: RepositoryError.self) {
                try await passkeys.addPasskey(
                    Passkey(
                        accountID: UUID(), credentialID: credential, publicKey: Data([1]), algorithm: -7, signCount: 0, name: "Copy",
                        backedUp: false, createdAt: Date()))
            }
            #expect(try await passkeys.passkey(credentialID: credential) == key)
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await passkeys.recordPasskeyUse(id: key.id, from: 4_000_000_000, to: 4_000_000_001, at: Date()) }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(wins == 1)
            #expect(try await passkeys.passkey(credentialID: credential)?.signCount == 4_000_000_001)
            #expect(try await passkeys.passkeys(accountID: account).map(\.name) == ["iPhone"])
            #expect(try await passkeys.removePasskey(id: key.id, accountID: UUID()) == false)
            #expect(try await passkeys.removePasskey(id: key.id, accountID: account))
            #expect(try await passkeys.passkey(credentialID: credential) == nil)
        }
    }

    @Test("A sign-in step is taken once; an expired one is gone and never returned", arguments: Backend.allCases)
    func challengesAreSingleUse(backend: Backend) async throws {
        try await backend.withStore { store in
            let challenges: any AuthChallengeRepository = store.database?.store ?? InMemoryAuthChallengeRepository()
            let now = Date(timeIntervalSince1970: 50_000)
            let step = AuthChallenge(
                purpose: .providerSignIn, keyHash: "state-hash", binding: "csrf-hash", accountID: nil, payload: #"{"provider":"corp"}"#,
                createdAt: now)
            try await challenges.saveChallenge(step)
            #expect(try await challenges.takeChallenge(keyHash: "state-hash", purpose: .passkeySignIn, now: now) == nil)
            let takes = try await withThrowingTaskGroup(of: AuthChallenge?.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await challenges.takeChallenge(keyHash: "state-hash", purpose: .providerSignIn, now: now) }
                }
                return try await group.reduce(into: [AuthChallenge]()) { if let taken = $1 { $0.append(taken) } }
            }
            #expect(takes == [step])

            let late = AuthChallenge(
                purpose: .passkeySignIn, keyHash: "late", binding: "b", accountID: UUID(), payload: "{}", createdAt: now)
            try await challenges.saveChallenge(late)
            #expect(
                try await challenges.takeChallenge(keyHash: "late", purpose: .passkeySignIn, now: now.addingTimeInterval(5 * 60)) == nil)
            #expect(try await challenges.takeChallenge(keyHash: "late", purpose: .passkeySignIn, now: now) == nil)

            try await challenges.saveChallenge(
                AuthChallenge(purpose: .passkeyUnlock, keyHash: "old", binding: "b", accountID: nil, payload: "{}", createdAt: now))
            #expect(try await challenges.purgeChallenges(expiredBefore: now.addingTimeInterval(6 * 60)) == 1)
        }
    }
}
