import AirFitCore
import Crypto
import Foundation
import JWTKit
import Testing

@testable import AirFitOIDC

@Suite("Apple client secret")
struct AppleClientSecretTests {
    @Test("the secret verifies with the key's public half and carries Apple's claims and the key id")
    func verifies() async throws {
        let key = ES256PrivateKey()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let secret = try AppleClientSecret.make(
            teamID: "TEAM123456", keyID: "KEY1234567", clientID: "com.example.airfit",
            privateKeyPEM: key.pemRepresentation, now: now)
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: key.publicKey, kid: "KEY1234567")
        let claims = try await keys.verify(secret, as: AppleSecretClaims.self)
        #expect(claims.iss == "TEAM123456")
        #expect(claims.sub == "com.example.airfit")
        #expect(claims.aud == "https://appleid.apple.com")
        #expect(claims.iat == 1_800_000_000)
        #expect(claims.exp == 1_800_000_300)
        let header =
            try JSONSerialization.jsonObject(
                with: try #require(Base64URL.decode(secret.split(separator: ".")[0]))) as? [String: String]
        #expect(header?["alg"] == "ES256")
        #expect(header?["kid"] == "KEY1234567")

        let other = JWTKeyCollection()
        await other.add(ecdsa: ES256PrivateKey().publicKey, kid: "KEY1234567")
        await #expect(throws: (any Error).self) {
            try await other.verify(secret, as: AppleSecretClaims.self)
        }
    }

    @Test("a key that is not a P-256 PEM is a configuration error that does not quote the key")
    func badKey() throws {
        let error = #expect(throws: OIDCError.self) {
            try AppleClientSecret.make(
                teamID: "T", keyID: "K", clientID: "c", privateKeyPEM: "not-a-key-SECRETBYTES", now: Date())
        }
        #expect(error?.kind == .configuration)
        #expect(error?.message.contains("SECRETBYTES") == false)
    }
}

@Suite("PKCE and random values")
struct PKCETests {
    @Test("the challenge is RFC 7636's S256 of the verifier (appendix B example)")
    func rfcExample() {
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test("new verifiers are 43 base64url characters and differ each time")
    func fresh() {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let verifiers = (0..<20).map { _ in PKCE.make().verifier }
        #expect(verifiers.allSatisfy { $0.count == 43 && $0.allSatisfy(allowed.contains) })
        #expect(Set(verifiers).count == 20)
        #expect(OIDCRandom.token().count == 43)
        #expect(OIDCRandom.token() != OIDCRandom.token())
    }
}
