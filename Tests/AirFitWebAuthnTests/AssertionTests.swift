import Foundation
import Testing

@testable import AirFitWebAuthn

@Suite("Sign-in assertions (WebAuthn §7.2)")
struct AssertionTests {
    let site = RelyingParty(id: "localhost", origin: "http://localhost:8080", name: "AirFit")
    let challenge = Data("assertion-challenge-32-bytes-long".utf8)

    private func verify(
        _ authenticator: inout SoftwareAuthenticator, storedCount: UInt32, tweaks: SoftwareAuthenticator.Tweaks = .init(),
        increment: UInt32 = 1, requireUV: Bool = true, publicKey: Data? = nil
    ) throws -> VerifiedAssertion {
        let json = try authenticator.assertionJSON(challenge: challenge, relyingParty: site, tweaks: tweaks, countIncrement: increment)
        return try WebAuthnVerifier.verifyAssertion(
            AssertionCredential.decode(json: json), expectedChallenge: challenge, relyingParty: site,
            publicKey: publicKey ?? authenticator.coseKey(), storedSignCount: storedCount, requireUserVerification: requireUV)
    }

    @Test("ES256, EdDSA and RS256 assertions verify", arguments: SoftwareAuthenticator.Algorithm.allCases)
    func everyAlgorithmVerifies(_ algorithm: SoftwareAuthenticator.Algorithm) throws {
        var authenticator = try SoftwareAuthenticator(algorithm, signCount: 41)
        let result = try verify(&authenticator, storedCount: 41)
        #expect(result.signCount == 42)
        #expect(result.userVerified)
    }

    @Test("a signature by a different key is refused", arguments: SoftwareAuthenticator.Algorithm.allCases)
    func otherKeyRefused(_ algorithm: SoftwareAuthenticator.Algorithm) throws {
        var authenticator = try SoftwareAuthenticator(algorithm)
        let impostor = try SoftwareAuthenticator(algorithm)
        #expect(throws: WebAuthnError.badSignature) { try verify(&authenticator, storedCount: 0, tweaks: .init(signer: impostor)) }
    }

    @Test("a tampered challenge, origin, type, RP ID or flags gives its own error")
    func ceremonyChecks() throws {
        var authenticator = try SoftwareAuthenticator()
        let cases: [(SoftwareAuthenticator.Tweaks, WebAuthnError)] = [
            (.init(type: "webauthn.create"), .wrongType),
            (.init(challenge: Data("stale".utf8)), .challengeMismatch),
            (.init(origin: "https://localhost:8080"), .originMismatch),
            (.init(origin: "http://localhost:8081"), .originMismatch),
            (.init(origin: "http://localhost"), .originMismatch),
            (.init(rpID: "example.com"), .rpIDMismatch),
            (.init(flags: 0x04), .userNotPresent),
            (.init(flags: 0x01), .userNotVerified),
        ]
        for (tweaks, expected) in cases {
            #expect(throws: expected) { try verify(&authenticator, storedCount: 0, tweaks: tweaks) }
        }
    }

    @Test("without user verification sign-in passes only when it is not required")
    func userVerificationOptional() throws {
        var authenticator = try SoftwareAuthenticator()
        let result = try verify(&authenticator, storedCount: 0, tweaks: .init(flags: 0x01), requireUV: false)
        #expect(!result.userVerified)
    }

    @Test("the same or a lower counter than stored is refused as a possible clone", arguments: [10 as UInt32, 11, 4_000_000_000])
    func counterRegressed(_ stored: UInt32) throws {
        var authenticator = try SoftwareAuthenticator(signCount: 10)
        #expect(throws: WebAuthnError.counterRegressed) { try verify(&authenticator, storedCount: stored, increment: 0) }
    }

    @Test("a counter one above the stored one is accepted and returned")
    func counterAdvances() throws {
        var authenticator = try SoftwareAuthenticator(signCount: 10)
        #expect(try verify(&authenticator, storedCount: 10, increment: 1).signCount == 11)
    }

    @Test("an authenticator without a counter (always zero) is accepted")
    func bothZero() throws {
        var authenticator = try SoftwareAuthenticator(signCount: 0)
        let result = try verify(&authenticator, storedCount: 0, increment: 0)
        #expect(result.signCount == 0)
    }

    @Test("a counter that drops to zero after being used is refused")
    func counterDropsToZero() throws {
        var authenticator = try SoftwareAuthenticator(signCount: 0)
        #expect(throws: WebAuthnError.counterRegressed) { try verify(&authenticator, storedCount: 7, increment: 0) }
    }

    @Test("a stored key of an unsupported algorithm is named in the error")
    func unsupportedStoredKey() throws {
        var authenticator = try SoftwareAuthenticator()
        let key = CBOREncoder.encode(.map([(.int(1), .int(2)), (.int(3), .int(-35))]))
        #expect(throws: WebAuthnError.unsupportedAlgorithm(-35)) { try verify(&authenticator, storedCount: 0, publicKey: key) }
    }
}
