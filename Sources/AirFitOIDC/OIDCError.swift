/// Every failure of sign-in with a provider, with a message a person can act on (no token, secret or email in it).
public struct OIDCError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which step failed.
    public enum Kind: Sendable, Equatable {
        /// The provider's discovery document or key set could not be fetched or is not acceptable.
        case discovery
        /// The provider refused the authorization code, or its answer could not be read.
        case tokenExchange
        /// The ID token is not valid for this client (signature, issuer, audience, time, nonce, algorithm).
        case invalidToken
        /// The token is valid but the person signed in too long ago for a re-authentication.
        case staleAuthentication
        /// The provider is configured in a way that cannot work.
        case configuration
    }

    /// Which step failed.
    public let kind: Kind
    /// What went wrong and what to do about it.
    public let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
