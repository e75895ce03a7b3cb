import AirFitCore
import CryptoExtras
import Foundation
import JWTKit
import Testing

@testable import AirFitOIDC

/// Signing keys made for the tests, their public JWKS entries, and token minting with jwt-kit.
struct TestSigner: Sendable {
    let kid: String
    let keys: JWTKeyCollection
    /// The key's entry in a JWKS document.
    let jwk: [String: String]
    /// RSA keys only: the public key as PEM (for the HS256 key-confusion attack).
    let publicPEM: String?

    static func rsa(kid: String) async throws -> TestSigner {
        let key = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        let keys = JWTKeyCollection()
        await keys.add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
        let primitives = try key.publicKey.getKeyPrimitives()
        let jwk = [
            "kty": "RSA", "kid": kid, "alg": "RS256", "use": "sig",
            "n": Base64URL.encode(primitives.modulus),
            "e": Base64URL.encode(primitives.publicExponent),
        ]
        return TestSigner(kid: kid, keys: keys, jwk: jwk, publicPEM: key.publicKey.pemRepresentation)
    }

    static func ec(kid: String) async throws -> TestSigner {
        let key = ES256PrivateKey()
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: key, kid: JWKIdentifier(string: kid))
        let parameters = try #require(key.publicKey.parameters)
        let jwk = ["kty": "EC", "kid": kid, "crv": "P-256", "x": parameters.x, "y": parameters.y]
        return TestSigner(kid: kid, keys: keys, jwk: jwk, publicPEM: nil)
    }

    func sign(_ claims: TestClaims) async throws -> String {
        try await keys.sign(claims, kid: JWKIdentifier(string: kid))
    }

    static func jwks(_ signers: [TestSigner]) -> String {
        let data = try? JSONSerialization.data(
            withJSONObject: ["keys": signers.map(\.jwk)], options: [.sortedKeys])
        return String(decoding: data ?? Data(), as: UTF8.self)
    }
}

/// ID token claims as Google and Apple send them; nil fields are left out of the token.
struct TestClaims: JWTPayload {
    var iss: String
    var sub = "user-123"
    var aud: [String]
    var exp: Double
    var iat: Double
    var nonce: String? = "nonce-abc"
    var azp: String?
    var email: String?
    var emailVerified: ClaimFlag?
    var name: String?
    var authTime: Double?
    var isPrivateEmail: ClaimFlag?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nonce, azp, email, name
        case emailVerified = "email_verified"
        case authTime = "auth_time"
        case isPrivateEmail = "is_private_email"
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// Google-shaped claims, issued now and valid for an hour.
    static func google(issuer: String, clientID: String, now: Date) -> TestClaims {
        let time = now.timeIntervalSince1970
        return TestClaims(
            iss: issuer, aud: [clientID], exp: time + 3600, iat: time, azp: clientID,
            email: "runner@example.com",
            emailVerified: .bool(true), name: "Ada Runner")
    }

    /// Apple-shaped claims: relay email, is_private_email and email_verified as strings, auth_time.
    static func apple(issuer: String, clientID: String, now: Date) -> TestClaims {
        let time = now.timeIntervalSince1970
        return TestClaims(
            iss: issuer, sub: "001234.abcdef", aud: [clientID], exp: time + 600, iat: time,
            email: "x7k2@privaterelay.appleid.com",
            emailVerified: .string("true"), authTime: time - 5, isPrivateEmail: .string("true"))
    }
}

/// A boolean claim as JSON true/false or, as Apple sends it, the string "true"/"false".
enum ClaimFlag: Codable, Sendable {
    case bool(Bool)
    case string(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let flag): try container.encode(flag)
        case .string(let text): try container.encode(text)
        }
    }
}

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date()) {
        current = start
    }

    var now: Date { lock.withLock { current } }

    func advance(_ seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }
}
