import AirFitCore
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import AirFitStore

@Suite("KeyVault")
struct KeyVaultTests {
    static let openAIKey = "sk-proj-Zq8vT3xLm2Rk9PwY4nHc6JbA"
    static let geminiKey = "AIzaSyD-4r7Xk2Lp9Qm3Vn8Wt1Ys6Hb"

    @Test("Saves, reads, lists masked, replaces and deletes a secret", arguments: Backend.sql)
    func lifecycle(backend: Backend) async throws {
        try await backend.withStore { store in
            let vault = KeyVault(database: try store.requireDatabase(), masterKey: .generate())
            let user = UUID()
            #expect(try await vault.secret(provider: "openai", userID: user) == nil)
            try await vault.saveSecret("  \(Self.openAIKey)\n", provider: "openai", userID: user)
            try await vault.saveSecret(Self.geminiKey, provider: "gemini", userID: user)
            #expect(try await vault.secret(provider: "openai", userID: user) == Self.openAIKey)
            #expect(try await vault.secret(provider: "gemini", userID: user) == Self.geminiKey)

            let listed = try await vault.storedSecrets(userID: user)
            #expect(listed.map(\.provider) == ["gemini", "openai"])
            #expect(listed.map(\.masked) == ["AIza…s6Hb", "sk-proj-…6JbA"])
            #expect(listed.allSatisfy { !$0.masked.contains(String(Self.openAIKey.dropFirst(8).prefix(8))) })

            let replacement = "sk-proj-NEWnewNEWnew0000ZZZZ"
            try await vault.saveSecret(replacement, provider: "openai", userID: user)
            #expect(try await vault.secret(provider: "openai", userID: user) == replacement)
            #expect(try await vault.storedSecrets(userID: user).count == 2)
            #expect(try await store.rowCounts(userID: user)?["vault_entries"] == 2)

            #expect(try await vault.deleteSecret(provider: "openai", userID: user))
            #expect(try await !vault.deleteSecret(provider: "openai", userID: user))
            #expect(try await vault.secret(provider: "openai", userID: user) == nil)
            #expect(try await vault.storedSecrets(userID: user).map(\.provider) == ["gemini"])
        }
    }

    @Test("An empty or blank secret is refused", arguments: Backend.sql)
    func emptySecret(backend: Backend) async throws {
        try await backend.withStore { store in
            let vault = KeyVault(database: try store.requireDatabase(), masterKey: .generate())
            let user = UUID()
            for blank in ["", "   ", "\n\t"] {
                await #expect(throws: RepositoryError.invalid("The key is empty.")) {
                    try await vault.saveSecret(blank, provider: "openai", userID: user)
                }
            }
            #expect(try await vault.storedSecrets(userID: user).isEmpty)
        }
    }

    @Test("Secrets of different users stay apart", arguments: Backend.sql)
    func perUser(backend: Backend) async throws {
        try await backend.withStore { store in
            let vault = KeyVault(database: try store.requireDatabase(), masterKey: .generate())
            let ann = UUID()
            let bob = UUID()
            try await vault.saveSecret(Self.openAIKey, provider: "openai", userID: ann)
            try await vault.saveSecret("sk-bob-000000000000BOBB", provider: "openai", userID: bob)
            #expect(try await vault.secret(provider: "openai", userID: ann) == Self.openAIKey)
            #expect(try await vault.secret(provider: "openai", userID: bob) == "sk-bob-000000000000BOBB")
            #expect(try await vault.deleteSecret(provider: "openai", userID: bob))
            #expect(try await vault.secret(provider: "openai", userID: ann) == Self.openAIKey)
        }
    }

    @Test("A sealed entry copied to another provider or user cannot be opened", arguments: Backend.sql)
    func boundToUserAndProvider(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let vault = KeyVault(database: database, masterKey: .generate())
            let ann = UUID()
            let bob = UUID()
            try await vault.saveSecret(Self.openAIKey, provider: "openai", userID: ann)
            try await vault.saveSecret("placeholder-gemini-key-ann", provider: "gemini", userID: ann)
            try await vault.saveSecret("placeholder-openai-key-bob", provider: "openai", userID: bob)

            let original = try #require(
                try await VaultEntryModel.query(on: database.database)
                    .filter(\.$userID == ann).filter(\.$provider == "openai").first())
            // Through the model: Ann's OpenAI entry pasted over her Gemini entry.
            try await VaultEntryModel.query(on: database.database)
                .filter(\.$userID == ann).filter(\.$provider == "gemini")
                .set(\.$sealed, to: original.sealed).update()
            // Through raw SQL: Ann's OpenAI entry pasted over Bob's.
            try await database.rawSQL().update(VaultEntryModel.schema)
                .set("sealed", to: original.sealed)
                .where("user_id", .equal, bob).where("provider", .equal, "openai")
                .run()

            await #expect(throws: StoreError.vaultEntryUnreadable(provider: "gemini")) {
                _ = try await vault.secret(provider: "gemini", userID: ann)
            }
            await #expect(throws: StoreError.vaultEntryUnreadable(provider: "openai")) {
                _ = try await vault.secret(provider: "openai", userID: bob)
            }
            #expect(try await vault.secret(provider: "openai", userID: ann) == Self.openAIKey)
        }
    }

    @Test("A damaged sealed value is unreadable, not garbage", arguments: Backend.sql)
    func tampered(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let vault = KeyVault(database: database, masterKey: .generate())
            let user = UUID()
            try await vault.saveSecret(Self.openAIKey, provider: "openai", userID: user)
            let entry = try #require(try await VaultEntryModel.query(on: database.database).filter(\.$userID == user).first())
            var bytes = try #require(Data(base64Encoded: entry.sealed))
            bytes[bytes.count / 2] ^= 0x01
            for damaged in [bytes.base64EncodedString(), "not base64!", "", Data([1, 2, 3]).base64EncodedString()] {
                try await VaultEntryModel.query(on: database.database).filter(\.$userID == user)
                    .set(\.$sealed, to: damaged).update()
                await #expect(throws: StoreError.vaultEntryUnreadable(provider: "openai")) {
                    _ = try await vault.secret(provider: "openai", userID: user)
                }
            }
        }
    }

    @Test("A vault with another master key cannot read the entries", arguments: Backend.sql)
    func wrongMasterKey(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let user = UUID()
            try await KeyVault(database: database, masterKey: .generate()).saveSecret(Self.openAIKey, provider: "openai", userID: user)
            let stranger = KeyVault(database: database, masterKey: .generate())
            await #expect(throws: StoreError.vaultEntryUnreadable(provider: "openai")) {
                _ = try await stranger.secret(provider: "openai", userID: user)
            }
            // The masked form is still listed: it was stored at save time and is not secret.
            #expect(try await stranger.storedSecrets(userID: user).map(\.masked) == ["sk-proj-…6JbA"])
        }
    }

    @Test("An entry with a forged key id still fails to open under the wrong key", arguments: Backend.sql)
    func forgedKeyID(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let user = UUID()
            try await KeyVault(database: database, masterKey: .generate()).saveSecret(Self.openAIKey, provider: "openai", userID: user)
            let other = MasterKey.generate()
            try await VaultEntryModel.query(on: database.database).filter(\.$userID == user).set(\.$keyID, to: other.id).update()
            await #expect(throws: StoreError.vaultEntryUnreadable(provider: "openai")) {
                _ = try await KeyVault(database: database, masterKey: other).secret(provider: "openai", userID: user)
            }
        }
    }

    @Test("Rotation re-seals every entry so the old master key is no longer needed", arguments: Backend.sql)
    func rotate(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let oldKey = MasterKey.generate()
            let newKey = MasterKey.generate()
            let ann = UUID()
            let bob = UUID()
            let old = KeyVault(database: database, masterKey: oldKey)
            try await old.saveSecret(Self.openAIKey, provider: "openai", userID: ann)
            try await old.saveSecret(Self.geminiKey, provider: "gemini", userID: ann)
            try await old.saveSecret("sk-bob-000000000000BOBB", provider: "openai", userID: bob)
            let sealedBefore = Set(try await VaultEntryModel.query(on: database.database).all().map(\.sealed))

            #expect(try await old.rotate(to: newKey) == 3)

            let entries = try await VaultEntryModel.query(on: database.database).all()
            #expect(entries.allSatisfy { $0.keyID == newKey.id })
            #expect(Set(entries.map(\.sealed)).isDisjoint(with: sealedBefore))
            let fresh = KeyVault(database: database, masterKey: newKey)
            #expect(try await fresh.secret(provider: "openai", userID: ann) == Self.openAIKey)
            #expect(try await fresh.secret(provider: "gemini", userID: ann) == Self.geminiKey)
            #expect(try await fresh.secret(provider: "openai", userID: bob) == "sk-bob-000000000000BOBB")
            await #expect(throws: StoreError.vaultEntryUnreadable(provider: "openai")) {
                _ = try await KeyVault(database: database, masterKey: oldKey).secret(provider: "openai", userID: ann)
            }
        }
    }

    @Test("A vault keeps reading entries sealed with a previous key it was given", arguments: Backend.sql)
    func previousKeys(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let oldKey = MasterKey.generate()
            let user = UUID()
            try await KeyVault(database: database, masterKey: oldKey).saveSecret(Self.openAIKey, provider: "openai", userID: user)
            let current = KeyVault(database: database, masterKey: .generate(), previousKeys: [oldKey])
            #expect(try await current.secret(provider: "openai", userID: user) == Self.openAIKey)
        }
    }

    @Test("Rotation with an entry no known key opens changes nothing", arguments: Backend.sql)
    func rotateRefusesUnreadable(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let known = MasterKey.generate()
            let user = UUID()
            try await KeyVault(database: database, masterKey: known).saveSecret(Self.openAIKey, provider: "openai", userID: user)
            try await KeyVault(database: database, masterKey: .generate()).saveSecret(Self.geminiKey, provider: "gemini", userID: user)
            let before = try await VaultEntryModel.query(on: database.database).sort(\.$provider).all().map { [$0.sealed, $0.keyID] }

            await #expect(throws: StoreError.vaultEntryUnreadable(provider: "gemini")) {
                _ = try await KeyVault(database: database, masterKey: known).rotate(to: .generate())
            }
            let after = try await VaultEntryModel.query(on: database.database).sort(\.$provider).all().map { [$0.sealed, $0.keyID] }
            #expect(after == before)
            #expect(try await KeyVault(database: database, masterKey: known).secret(provider: "openai", userID: user) == Self.openAIKey)
        }
    }

    @Test("The plaintext secret appears in no file of the data directory after saving")
    func noPlaintextOnDisk() async throws {
        try await Backend.sqlite.withStore { store in
            let directory = try #require(store.directory)
            let masterKey = try MasterKey.load(environment: [:], dataDirectory: directory)
            let vault = KeyVault(database: try store.requireDatabase(), masterKey: masterKey)
            let user = UUID()
            try await vault.saveSecret(Self.openAIKey, provider: "openai", userID: user)
            try await vault.saveSecret(Self.geminiKey, provider: "gemini", userID: user)
            #expect(try await vault.secret(provider: "openai", userID: user) == Self.openAIKey)

            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(files.contains("airfit.sqlite"))
            #expect(files.contains("airfit.sqlite-wal"))
            #expect(files.contains("airfit.sqlite-shm"))
            #expect(files.contains(MasterKey.fileName))
            var scanned = 0
            for file in files {
                let contents = try Data(contentsOf: URL(fileURLWithPath: directory.file(file)))
                scanned += contents.count
                for secret in [Self.openAIKey, Self.geminiKey] {
                    #expect(contents.range(of: Data(secret.utf8)) == nil, "\(file) holds a plaintext secret")
                    #expect(
                        contents.range(of: Data(secret.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })) == nil, "\(file) (UTF-16)")
                }
            }
            // The entries did reach the disk: the scan was not of empty files.
            #expect(scanned > 0)
            let walAndMain = try ["airfit.sqlite", "airfit.sqlite-wal"].map {
                try Data(contentsOf: URL(fileURLWithPath: directory.file($0)))
            }
            #expect(walAndMain.contains { $0.range(of: Data("sk-proj-…6JbA".utf8)) != nil }, "the masked form should be on disk")
        }
    }
}
