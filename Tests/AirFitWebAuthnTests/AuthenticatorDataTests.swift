import Crypto
import Foundation
import Testing

@testable import AirFitWebAuthn

@Suite("Authenticator data and COSE keys")
struct AuthenticatorDataTests {
    private let rpHash = Data(SHA256.hash(data: Data("fit.example.com".utf8)))

    private func header(flags: UInt8, count: UInt32 = 7) -> Data {
        rpHash + Data([flags]) + withUnsafeBytes(of: count.bigEndian) { Data($0) }
    }

    @Test("flags, counter and attested credential are read from the bytes")
    func parsesAttested() throws {
        let authenticator = try SoftwareAuthenticator(.es256, signCount: 0x0102_0304)
        let parsed = try AuthenticatorData(authenticator.authenticatorData(rpID: "fit.example.com", flags: 0x1d, attested: true))
        #expect(parsed.rpIDHash == rpHash)
        #expect(parsed.signCount == 0x0102_0304)
        #expect(parsed.flags == [.userPresent, .userVerified, .backupEligible, .backedUp, .attestedCredentialData])
        #expect(parsed.attestedCredential?.credentialID == authenticator.credentialID)
        #expect(parsed.attestedCredential?.publicKey == (try authenticator.coseKey()))
    }

    @Test("data shorter than 37 bytes, or ending inside the credential, is refused")
    func truncated() throws {
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(Data(count: 36)) }
        let full = try SoftwareAuthenticator().authenticatorData(rpID: "fit.example.com", flags: 0x05, attested: true)
        for length in 37..<full.count {
            #expect(throws: WebAuthnError.self) { try AuthenticatorData(full.prefix(length)) }
        }
    }

    @Test("a credential ID of 0 or more than 1023 bytes is refused", arguments: [0, 1024, 0xffff])
    func credentialIDLength(_ length: Int) {
        let data =
            header(flags: 0x45) + Data(count: 16) + Data([UInt8(length >> 8), UInt8(length & 0xff)]) + Data(count: min(length, 2000))
        #expect(throws: WebAuthnError.malformed("a credential ID of unsupported length")) { try AuthenticatorData(data) }
    }

    @Test("extension data is skipped as one CBOR map; a non-map or trailing bytes are refused")
    func extensions() throws {
        let extensions = CBOREncoder.encode(.map([(.text("credProtect"), .int(2))]))
        let parsed = try AuthenticatorData(header(flags: 0x85) + extensions)
        #expect(parsed.attestedCredential == nil)
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(header(flags: 0x85) + Data([0x01])) }
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(header(flags: 0x85)) }
        #expect(throws: WebAuthnError.malformed("extra bytes after the authenticator data")) {
            try AuthenticatorData(header(flags: 0x05) + Data([0]))
        }
    }

    @Test("COSE keys with a wrong curve, key type or algorithm name the algorithm")
    func unsupportedKeys() {
        let x = CBORValue.bytes(Data(repeating: 1, count: 32))
        let cases: [(CBORValue, Int)] = [
            (.map([(.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(2)), (.int(-2), x), (.int(-3), x)]), -7),
            (.map([(.int(1), .int(2)), (.int(3), .int(-8)), (.int(-1), .int(6)), (.int(-2), x)]), -8),
            (.map([(.int(1), .int(2)), (.int(3), .int(-257))]), -257),
            (.map([(.int(1), .int(2)), (.int(3), .int(-37))]), -37),
        ]
        for (key, alg) in cases {
            #expect(throws: WebAuthnError.unsupportedAlgorithm(alg)) { try COSEKey(bytes: CBOREncoder.encode(key)) }
        }
    }

    @Test("COSE keys with bad coordinates, an off-curve point or a short RSA modulus are refused as malformed")
    func malformedKeys() throws {
        let short = CBORValue.bytes(Data(repeating: 1, count: 31))
        let offCurve = CBORValue.bytes(Data(repeating: 1, count: 32))
        let small = try SoftwareAuthenticator(.rs256).coseKey()
        var rsa1024 = try CBORDecoder.decodeSingle(small).mapValue ?? []
        rsa1024 = rsa1024.map { $0.key.intValue == -1 ? ($0.key, .bytes(Data(repeating: 0xc5, count: 128))) : $0 }
        let cases: [CBORValue] = [
            .map([(.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)), (.int(-2), short), (.int(-3), offCurve)]),
            .map([(.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)), (.int(-2), offCurve), (.int(-3), offCurve)]),
            .map([(.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)), (.int(-2), .text("x")), (.int(-3), offCurve)]),
            .map([(.int(1), .int(1)), (.int(3), .int(-8)), (.int(-1), .int(6)), (.int(-2), short)]),
            .map([(.int(1), .int(2)), (.int(-1), .int(1))]),
            .map([(.int(3), .int(-7))]),
            .map(rsa1024),
            .array([.int(1)]),
        ]
        for key in cases {
            do {
                _ = try COSEKey(bytes: CBOREncoder.encode(key))
                Issue.record("accepted \(key)")
            } catch {
                guard case .malformed = error else { Issue.record("expected .malformed, got \(error)"); continue }
            }
        }
    }
}
