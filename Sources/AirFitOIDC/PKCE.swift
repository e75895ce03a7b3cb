import AirFitCore
import Crypto
import Foundation

/// RFC 7636 proof key for code exchange, method S256.
public struct PKCE: Sendable, Equatable {
    /// The secret the server keeps until the token exchange: 43 characters of base64url from 32 random bytes.
    public let verifier: String

    /// What the authorization request carries: base64url(SHA256(verifier)).
    public var challenge: String {
        Base64URL.encode(Array(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// A new verifier from the system's secure random generator.
    public static func make() -> PKCE {
        PKCE(verifier: OIDCRandom.token())
    }

    /// A verifier kept from an earlier ``make()`` (for example, read back from the sign-in session).
    public init(verifier: String) {
        self.verifier = verifier
    }
}
