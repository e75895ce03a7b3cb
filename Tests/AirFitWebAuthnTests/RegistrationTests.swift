import AirFitCore
import Foundation
import Testing

@testable import AirFitWebAuthn

@Suite("Registration (WebAuthn §7.1)")
struct RegistrationTests {
    let site = RelyingParty(id: "fit.example.com", origin: "https://fit.example.com", name: "AirFit")
    let challenge = Data((0..<32).map { UInt8($0 &* 7) })

    private func register(
        _ authenticator: SoftwareAuthenticator, tweaks: SoftwareAuthenticator.Tweaks = .init(), requireUV: Bool = true
    ) throws -> RegisteredPasskey {
        let json = try authenticator.registrationJSON(challenge: challenge, relyingParty: site, tweaks: tweaks)
        let credential = try RegistrationCredential.decode(json: json)
        return try WebAuthnVerifier.verifyRegistration(
            credential, expectedChallenge: challenge, relyingParty: site, requireUserVerification: requireUV)
    }

    private func expectRefusal(
        _ expected: WebAuthnError, _ authenticator: SoftwareAuthenticator, tweaks: SoftwareAuthenticator.Tweaks, requireUV: Bool = true
    ) {
        #expect(throws: expected) { try register(authenticator, tweaks: tweaks, requireUV: requireUV) }
    }

    @Test("a passkey with no attestation registers and then signs in, returning the new counter")
    func noneThenSignIn() throws {
        var authenticator = try SoftwareAuthenticator(.es256, signCount: 0)
        let passkey = try register(authenticator)
        #expect(passkey.credentialID == authenticator.credentialID)
        #expect(passkey.publicKey == (try authenticator.coseKey()))
        #expect(passkey.algorithm == -7)
        #expect(passkey.attestationFormat == "none")
        #expect(passkey.aaguid == authenticator.aaguid)
        #expect(passkey.userVerified && !passkey.backupEligible && !passkey.backedUp)

        let signInChallenge = Data("sign-in challenge 0123456789abcdef".utf8)
        let json = try authenticator.assertionJSON(challenge: signInChallenge, relyingParty: site, countIncrement: 5)
        let result = try WebAuthnVerifier.verifyAssertion(
            AssertionCredential.decode(json: json), expectedChallenge: signInChallenge, relyingParty: site,
            publicKey: passkey.publicKey, storedSignCount: passkey.signCount, requireUserVerification: true)
        #expect(result.signCount == 5)
        #expect(result.credentialID == passkey.credentialID)
        #expect(result.userHandle == authenticator.userHandle)
    }

    @Test("a passkey with packed self attestation registers, for every key type", arguments: SoftwareAuthenticator.Algorithm.allCases)
    func packedSelf(_ algorithm: SoftwareAuthenticator.Algorithm) throws {
        let authenticator = try SoftwareAuthenticator(algorithm, signCount: 3)
        let passkey = try register(authenticator, tweaks: .init(attestation: .packedSelf))
        #expect(passkey.attestationFormat == "packed")
        #expect(passkey.algorithm == authenticator.coseAlgorithm)
        #expect(passkey.signCount == 3)
    }

    @Test("backup eligibility and state are reported from the flags")
    func backupFlags() throws {
        let passkey = try register(try SoftwareAuthenticator(), tweaks: .init(flags: 0x05 | 0x08 | 0x10))
        #expect(passkey.backupEligible && passkey.backedUp)
        expectRefusal(.malformed("backup flags that contradict each other"), try SoftwareAuthenticator(), tweaks: .init(flags: 0x05 | 0x10))
    }

    @Test("packed self attestation signed by another key is refused as a bad signature")
    func packedWrongSigner() throws {
        let other = try SoftwareAuthenticator()
        expectRefusal(.badSignature, try SoftwareAuthenticator(), tweaks: .init(attestation: .packedSelf, signer: other))
    }

    @Test("packed attestation declaring another algorithm than the key's is refused", arguments: [-8, -257, -7])
    func packedAlgMismatch(_ declared: Int) throws {
        let authenticator = try SoftwareAuthenticator(declared == -7 ? .edDSA : .es256)
        do {
            _ = try register(authenticator, tweaks: .init(attestation: .packedSelfDeclaring(alg: declared)))
            Issue.record("expected a refusal")
        } catch let error as WebAuthnError {
            guard case .unsupportedAttestation = error else {
                Issue.record("expected .unsupportedAttestation, got \(error)")
                return
            }
        }
    }

    @Test("attestation with certificates (x5c) or an unknown format is refused as unsupported")
    func unsupportedAttestation() throws {
        for attestation in [SoftwareAuthenticator.Attestation.packedWithCertificates, .format("tpm"), .format("fido-u2f")] {
            do {
                _ = try register(try SoftwareAuthenticator(), tweaks: .init(attestation: attestation))
                Issue.record("expected a refusal")
            } catch let error as WebAuthnError {
                guard case .unsupportedAttestation(let reason) = error else { Issue.record("got \(error)"); continue }
                #expect(!reason.contains("tpm") && !reason.contains("fido"), "the message never echoes the sender's text")
            }
        }
    }

    @Test("each wrong part of the ceremony gives its own error")
    func ceremonyChecks() throws {
        let authenticator = try SoftwareAuthenticator()
        expectRefusal(.wrongType, authenticator, tweaks: .init(type: "webauthn.get"))
        expectRefusal(.challengeMismatch, authenticator, tweaks: .init(challenge: Data("another".utf8)))
        expectRefusal(.originMismatch, authenticator, tweaks: .init(origin: "http://fit.example.com"))
        expectRefusal(.originMismatch, authenticator, tweaks: .init(origin: "https://fit.example.com:8443"))
        expectRefusal(.originMismatch, authenticator, tweaks: .init(origin: "https://evil.example.com"))
        expectRefusal(.originMismatch, authenticator, tweaks: .init(crossOrigin: true))
        expectRefusal(.rpIDMismatch, authenticator, tweaks: .init(rpID: "example.com"))
        expectRefusal(.userNotPresent, authenticator, tweaks: .init(flags: 0x04))
        expectRefusal(.userNotVerified, authenticator, tweaks: .init(flags: 0x01))
    }

    @Test("without user verification the passkey registers only when it is not required")
    func userVerificationOptional() throws {
        let passkey = try register(try SoftwareAuthenticator(), tweaks: .init(flags: 0x01), requireUV: false)
        #expect(!passkey.userVerified)
    }

    @Test("a rawId that differs from the credential in the authenticator data is refused")
    func rawIDMismatch() throws {
        let authenticator = try SoftwareAuthenticator()
        let (clientData, object) = try authenticator.attestationObject(challenge: challenge, relyingParty: site)
        let otherID = Base64URL.encode(Data(repeating: 9, count: 16))
        let json = SoftwareAuthenticator.json([
            "id": otherID, "rawId": otherID, "type": "public-key",
            "response": ["clientDataJSON": Base64URL.encode(clientData), "attestationObject": Base64URL.encode(object)],
        ])
        let credential = try RegistrationCredential.decode(json: json)
        #expect(throws: WebAuthnError.malformed("the credential id does not match the authenticator data")) {
            try WebAuthnVerifier.verifyRegistration(
                credential, expectedChallenge: challenge, relyingParty: site, requireUserVerification: true)
        }
    }
}
