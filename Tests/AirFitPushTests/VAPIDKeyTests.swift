import AirFitCore
import Crypto
import Foundation
import JWTKit
import Testing

@testable import AirFitPush

@Suite("VAPID (RFC 8292)")
struct VAPIDKeyTests {
    struct Claims: JWTPayload {
        let aud: AudienceClaim
        let exp: ExpirationClaim
        let sub: SubjectClaim
        /// The expiry is checked against the fixed clock below, not the machine's.
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// 23 November 2026, 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_435_200)

    @Test("The header carries an ES256 token jwt-kit verifies with the key's public half: audience, expiry, subject")
    func tokenVerifies() async throws {
        let vapid = VAPIDKey()
        let header = try vapid.authorization(audience: "https://push.example.net", subject: "mailto:ops@example.com", now: Self.now)
        let parts = header.components(separatedBy: ", ")
        #expect(parts.count == 2 && parts[0].hasPrefix("vapid t=") && parts[1] == "k=\(vapid.publicKey)")
        let token = String(parts[0].dropFirst("vapid t=".count))
        let publicKey = try ES256PublicKey(
            backing: P256.Signing.PublicKey(x963Representation: try #require(Base64URL.decode(vapid.publicKey))))
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: publicKey)
        let claims = try await keys.verify(token, as: Claims.self)
        #expect(claims.aud.value == ["https://push.example.net"] && claims.sub.value == "mailto:ops@example.com")
        #expect(claims.exp.value == Self.now.addingTimeInterval(12 * 3600))
    }

    @Test("A stored key comes back the same; bad bytes, subjects and lifetimes are refused")
    func storedAndRefused() throws {
        let vapid = VAPIDKey()
        #expect(try VAPIDKey(rawRepresentation: vapid.rawRepresentation).publicKey == vapid.publicKey)
        #expect(Base64URL.decode(vapid.publicKey)?.count == 65)
        #expect(throws: PushError.self) { try VAPIDKey(rawRepresentation: Data([1, 2, 3])) }
        #expect(throws: PushError.self) { try vapid.authorization(audience: "https://p", subject: "ops@example.com", now: Self.now) }
        #expect(throws: PushError.self) {
            try vapid.authorization(audience: "https://p", subject: "mailto:a@b", now: Self.now, lifetime: 25 * 3600)
        }
        #expect(throws: PushError.self) {
            try vapid.authorization(audience: "https://p", subject: "mailto:a@b", now: Self.now, lifetime: .nan)
        }
    }
}
