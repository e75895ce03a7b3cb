import AirFitCore
import Crypto
public import Foundation

/// The server's Web Push identity (RFC 8292 VAPID): a P-256 signing key, made once and kept in the vault. Browsers
/// subscribe with its public key (`applicationServerKey`); every push carries a short-lived ES256 token signed with it.
public struct VAPIDKey: Sendable {
    /// The longest a token may live (RFC 8292 §2: at most 24 hours).
    public static let maximumLifetime: TimeInterval = 24 * 3600

    let key: P256.Signing.PrivateKey

    /// A new key.
    public init() { key = P256.Signing.PrivateKey() }

    /// The key stored earlier (``rawRepresentation``).
    /// - Throws: ``PushError/vapid(_:)`` when the bytes are not a P-256 private key.
    public init(rawRepresentation: Data) throws(PushError) {
        do {
            key = try P256.Signing.PrivateKey(rawRepresentation: rawRepresentation)
        } catch {
            throw .vapid("the stored key is not a P-256 private key; remove it to have a new one made.")
        }
    }

    /// The private key's 32 bytes, for the vault.
    public var rawRepresentation: Data { key.rawRepresentation }

    /// The public key as browsers take it (`applicationServerKey`): uncompressed, base64url.
    public var publicKey: String { Base64URL.encode(key.publicKey.x963Representation) }

    /// The `Authorization` header of a push to `audience` (the push service's origin): `vapid t=<JWT>, k=<public key>`.
    /// - Parameters:
    ///   - subject: how the push service can reach the operator: a `mailto:` or `https:` address.
    ///   - lifetime: how long the token is valid, at most ``maximumLifetime``.
    /// - Throws: ``PushError/vapid(_:)`` for a subject that is neither, a lifetime out of range, or a clock that can't be used.
    public func authorization(audience: String, subject: String, now: Date, lifetime: TimeInterval = 12 * 3600) throws(PushError)
        -> String
    {
        guard subject.hasPrefix("mailto:") || subject.hasPrefix("https://") else {
            throw .vapid("the subject must be a mailto: or https: address (AIRFIT_PUSH_SUBJECT).")
        }
        guard lifetime.isFinite, lifetime > 0, lifetime <= Self.maximumLifetime else {
            throw .vapid("a token lives at most 24 hours.")
        }
        let seconds = now.timeIntervalSince1970
        guard seconds.isFinite, seconds > 0, seconds < 1e11 else {
            throw .vapid("the system clock can't be used; check the server's time.")
        }
        let claims = Claims(aud: audience, exp: Int((seconds + lifetime).rounded(.down)), sub: subject)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let signingInput: String
        let signature: P256.Signing.ECDSASignature
        do {
            signingInput =
                Base64URL.encode(try encoder.encode(Header())) + "." + Base64URL.encode(try encoder.encode(claims))
            signature = try key.signature(for: Data(signingInput.utf8))
        } catch {
            throw .vapid("the token could not be signed.")
        }
        return "vapid t=\(signingInput).\(Base64URL.encode(signature.rawRepresentation)), k=\(publicKey)"
    }

    struct Header: Encodable {
        var typ = "JWT"
        var alg = "ES256"
    }

    struct Claims: Encodable {
        let aud: String
        let exp: Int
        let sub: String
    }
}
