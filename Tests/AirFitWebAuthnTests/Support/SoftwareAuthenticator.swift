import AirFitCore
import Crypto
import CryptoExtras
import Foundation

@testable import AirFitWebAuthn

/// A passkey authenticator in software: it holds a real key, builds attestation objects ("none", "packed" self,
/// or deliberately unsupported ones), client data JSON and signed assertions with a counter, and returns the JSON
/// a browser page would post.
struct SoftwareAuthenticator {
    enum Algorithm: Sendable, CaseIterable {
        case es256, edDSA, rs256
    }

    /// The attestation statement to put in a registration.
    enum Attestation {
        case none
        case packedSelf
        /// Packed self attestation declaring another algorithm than the key's.
        case packedSelfDeclaring(alg: Int)
        /// Packed with a certificate chain (full attestation), which the verifier refuses.
        case packedWithCertificates
        case format(String)
    }

    /// Ways to make a response wrong on purpose; the defaults make a correct one.
    struct Tweaks {
        var type: String?
        var origin: String?
        var challenge: Data?
        var rpID: String?
        var crossOrigin = false
        /// UP (0x01) and UV (0x04) by default.
        var flags: UInt8 = 0x05
        var attestation = Attestation.none
        /// Sign with this authenticator's key instead of our own.
        var signer: SoftwareAuthenticator?
    }

    private enum PrivateKey {
        case p256(P256.Signing.PrivateKey)
        case ed25519(Curve25519.Signing.PrivateKey)
        case rsa(_RSA.Signing.PrivateKey)
    }

    let algorithm: Algorithm
    let credentialID: Data
    let userHandle: Data
    let aaguid = Data((1...16).map { UInt8($0) })
    var signCount: UInt32
    private let privateKey: PrivateKey

    init(_ algorithm: Algorithm = .es256, signCount: UInt32 = 0, userHandle: Data = Data("user-1".utf8)) throws {
        self.algorithm = algorithm
        self.signCount = signCount
        self.userHandle = userHandle
        credentialID = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
        switch algorithm {
        case .es256: privateKey = .p256(P256.Signing.PrivateKey())
        case .edDSA: privateKey = .ed25519(Curve25519.Signing.PrivateKey())
        case .rs256: privateKey = .rsa(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        }
    }

    var coseAlgorithm: Int {
        switch algorithm {
        case .es256: -7
        case .edDSA: -8
        case .rs256: -257
        }
    }

    /// The credential public key as COSE_Key bytes.
    func coseKey() throws -> Data {
        switch privateKey {
        case .p256(let key):
            let point = key.publicKey.x963Representation
            return CBOREncoder.encode(
                .map([
                    (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)),
                    (.int(-2), .bytes(point[1..<33])), (.int(-3), .bytes(point[33..<65])),
                ]))
        case .ed25519(let key):
            return CBOREncoder.encode(
                .map([(.int(1), .int(1)), (.int(3), .int(-8)), (.int(-1), .int(6)), (.int(-2), .bytes(key.publicKey.rawRepresentation))]))
        case .rsa(let key):
            let primitives = try key.publicKey.getKeyPrimitives()
            return CBOREncoder.encode(
                .map([
                    (.int(1), .int(3)), (.int(3), .int(-257)), (.int(-1), .bytes(primitives.modulus)),
                    (.int(-2), .bytes(primitives.publicExponent)),
                ]))
        }
    }

    func sign(_ message: Data) throws -> Data {
        switch privateKey {
        case .p256(let key): try key.signature(for: message).derRepresentation
        case .ed25519(let key): try key.signature(for: message)
        case .rsa(let key): try key.signature(for: message, padding: .insecurePKCS1v1_5).rawRepresentation
        }
    }

    static func clientDataJSON(type: String, challenge: Data, origin: String, crossOrigin: Bool = false) -> Data {
        Data(#"{"type":"\#(type)","challenge":"\#(Base64URL.encode(challenge))","origin":"\#(origin)","crossOrigin":\#(crossOrigin)}"#.utf8)
    }

    /// Authenticator data: RP ID hash, flags, counter, and the attested credential when `attested`.
    func authenticatorData(rpID: String, flags: UInt8, attested: Bool) throws -> Data {
        var data = Data(SHA256.hash(data: Data(rpID.utf8)))
        data.append(attested ? flags | 0x40 : flags)
        data += withUnsafeBytes(of: signCount.bigEndian) { Data($0) }
        if attested {
            data += aaguid
            data += Data([UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xff)]) + credentialID
            data += try coseKey()
        }
        return data
    }

    /// The raw attestation object for a registration.
    func attestationObject(challenge: Data, relyingParty: RelyingParty, tweaks: Tweaks = Tweaks()) throws -> (
        clientData: Data, object: Data
    ) {
        let clientData = Self.clientDataJSON(
            type: tweaks.type ?? "webauthn.create", challenge: tweaks.challenge ?? challenge,
            origin: tweaks.origin ?? relyingParty.origin, crossOrigin: tweaks.crossOrigin)
        let authData = try authenticatorData(rpID: tweaks.rpID ?? relyingParty.id, flags: tweaks.flags, attested: true)
        let signed = authData + SHA256.hash(data: clientData)
        let signer = tweaks.signer ?? self
        let format: String
        let statement: CBORValue
        switch tweaks.attestation {
        case .none:
            (format, statement) = ("none", .map([]))
        case .packedSelf:
            (format, statement) = ("packed", .map([(.text("alg"), .int(coseAlgorithm)), (.text("sig"), .bytes(try signer.sign(signed)))]))
        case .packedSelfDeclaring(let alg):
            (format, statement) = ("packed", .map([(.text("alg"), .int(alg)), (.text("sig"), .bytes(try signer.sign(signed)))]))
        case .packedWithCertificates:
            let x5c = CBORValue.array([.bytes(Data(repeating: 0x30, count: 64))])
            (format, statement) = (
                "packed",
                .map([(.text("alg"), .int(coseAlgorithm)), (.text("sig"), .bytes(try signer.sign(signed))), (.text("x5c"), x5c)])
            )
        case .format(let name):
            (format, statement) = (name, .map([]))
        }
        let object = CBOREncoder.encode(
            .map([(.text("fmt"), .text(format)), (.text("attStmt"), statement), (.text("authData"), .bytes(authData))]))
        return (clientData, object)
    }

    /// The JSON a page posts after navigator.credentials.create.
    func registrationJSON(challenge: Data, relyingParty: RelyingParty, tweaks: Tweaks = Tweaks()) throws -> Data {
        let (clientData, object) = try attestationObject(challenge: challenge, relyingParty: relyingParty, tweaks: tweaks)
        return Self.json([
            "id": Base64URL.encode(credentialID), "rawId": Base64URL.encode(credentialID), "type": "public-key",
            "response": [
                "clientDataJSON": Base64URL.encode(clientData), "attestationObject": Base64URL.encode(object), "transports": ["internal"],
            ],
        ])
    }

    /// The JSON a page posts after navigator.credentials.get; counts one more signature first.
    mutating func assertionJSON(challenge: Data, relyingParty: RelyingParty, tweaks: Tweaks = Tweaks(), countIncrement: UInt32 = 1) throws
        -> Data
    {
        signCount &+= countIncrement
        let clientData = Self.clientDataJSON(
            type: tweaks.type ?? "webauthn.get", challenge: tweaks.challenge ?? challenge,
            origin: tweaks.origin ?? relyingParty.origin, crossOrigin: tweaks.crossOrigin)
        let authData = try authenticatorData(rpID: tweaks.rpID ?? relyingParty.id, flags: tweaks.flags, attested: false)
        let signature = try (tweaks.signer ?? self).sign(authData + SHA256.hash(data: clientData))
        return Self.json([
            "id": Base64URL.encode(credentialID), "rawId": Base64URL.encode(credentialID), "type": "public-key",
            "response": [
                "clientDataJSON": Base64URL.encode(clientData), "authenticatorData": Base64URL.encode(authData),
                "signature": Base64URL.encode(signature), "userHandle": Base64URL.encode(userHandle),
            ],
        ])
    }

    static func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}
