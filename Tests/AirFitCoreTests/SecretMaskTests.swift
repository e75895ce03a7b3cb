import AirFitCore
import Foundation
import Testing

@Suite("SecretMask")
struct SecretMaskTests {
    @Test(
        "Known prefixes stay visible with the last four characters",
        arguments: [
            ("sk-proj-abcdefghijklmnop1234", "sk-proj-…1234"),
            ("sk-ant-api03-abcdefghijklWXYZ", "sk-ant-…WXYZ"),
            ("sk-or-v1-0123456789abcdefQRST", "sk-or-…QRST"),
            ("sk-0123456789abcdef9876", "sk-…9876"),
            ("AIzaSyA0123456789abcdef5555", "AIza…5555"),
            ("0123456789abcdefXYZW", "…XYZW"),
            ("  sk-0123456789abcdefTRIM \n", "sk-…TRIM"),
        ])
    func masks(secret: String, masked: String) {
        #expect(SecretMask.mask(secret) == masked)
    }

    @Test("Secrets shorter than 12 characters show only dots", arguments: ["", "sk-", "sk-12345678", "12345678901", "   short   "])
    func short(secret: String) {
        #expect(SecretMask.mask(secret) == "••••")
    }

    @Test("The mask never reveals more than a known prefix and four characters")
    func neverRevealsSecret() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        for length in 12...64 {
            let body = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            for secret in [body, "sk-" + body, "sk-ant-" + body] {
                let masked = SecretMask.mask(secret)
                #expect(!masked.contains(body), "\(masked)")
                #expect(masked.hasSuffix(String(secret.suffix(4))))
                #expect(masked.count <= "sk-proj-…".count + 4)
            }
        }
    }
}

@Suite("InMemorySecretVault")
struct InMemorySecretVaultTests {
    @Test("Saves, reads, lists masked and deletes per user and provider")
    func lifecycle() async throws {
        let vault = InMemorySecretVault()
        let alice = UUID()
        let bob = UUID()
        try await vault.saveSecret("sk-alice-0123456789AAAA", provider: "openai", userID: alice)
        try await vault.saveSecret("AIza-bob-0123456789BBBB", provider: "gemini", userID: bob)
        #expect(try await vault.secret(provider: "openai", userID: alice) == "sk-alice-0123456789AAAA")
        #expect(try await vault.secret(provider: "openai", userID: bob) == nil)
        #expect(try await vault.storedSecrets(userID: alice).map(\.masked) == ["sk-…AAAA"])
        #expect(try await vault.deleteSecret(provider: "openai", userID: alice))
        #expect(try await !vault.deleteSecret(provider: "openai", userID: alice))
        #expect(try await vault.storedSecrets(userID: alice).isEmpty)
        #expect(try await vault.storedSecrets(userID: bob).map(\.provider) == ["gemini"])
    }
}
