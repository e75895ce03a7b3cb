import AirFitCore
import Crypto
public import Foundation

/// Apple's client secret: an ES256 JWT (iss team id, sub client id, aud https://appleid.apple.com, iat now,
/// exp now+5 min, header kid key id) signed with the team's .p8 key.
///
/// Signed with swift-crypto's P-256 directly: jwt-kit's signing API is async (its key collection is an actor), and
/// this function is synchronous. The result is a standard JWS (r‖s signature) that jwt-kit and Apple verify.
public enum AppleClientSecret {
    /// How long a secret is valid; one is made per token request, so a short life is enough.
    static let lifetime: TimeInterval = 5 * 60
    static let audience = "https://appleid.apple.com"

    /// Makes and signs a client secret.
    /// - Throws: ``OIDCError`` of kind `configuration` when the key is not an EC P-256 private key in PEM form.
    public static func make(
        teamID: String, keyID: String, clientID: String, privateKeyPEM: String, now: Date
    ) throws -> String {
        let key: P256.Signing.PrivateKey
        do {
            key = try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM)
        } catch {
            throw OIDCError(
                .configuration,
                "The Apple private key is not an EC P-256 key in PEM form; download the .p8 file again from "
                    + "Certificates, Identifiers & Profiles → Keys and point the configuration at it."
            )
        }
        let seconds = now.timeIntervalSince1970
        guard seconds.isFinite, seconds > 0, seconds < 1e11 else {
            throw OIDCError(
                .configuration,
                "The system clock is not usable for signing the Apple client secret; check the server's time."
            )
        }
        let issuedAt = Int(seconds.rounded(.down))
        let header = Header(alg: "ES256", kid: keyID, typ: "JWT")
        let claims = Claims(
            iss: teamID, sub: clientID, aud: audience, iat: issuedAt, exp: issuedAt + Int(lifetime))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let signingInput =
            try Base64URL.encode(encoder.encode(header)) + "." + Base64URL.encode(encoder.encode(claims))
        let signature = try key.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }

    struct Header: Encodable {
        let alg: String
        let kid: String
        let typ: String
    }

    struct Claims: Encodable {
        let iss: String
        let sub: String
        let aud: String
        let iat: Int
        let exp: Int
    }
}
