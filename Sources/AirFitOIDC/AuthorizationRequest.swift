public import Foundation

/// What the authorization redirect carries besides the provider's own settings.
public struct AuthorizationRequest: Sendable, Equatable {
    /// Opaque value bound to the browser session; checked when the provider redirects back.
    public var state: String
    /// Value the ID token must echo; checked by ``OIDCClient/verify(idToken:provider:nonce:maxAuthAge:)``.
    public var nonce: String
    /// ``PKCE/challenge`` of the verifier kept for the exchange.
    public var codeChallenge: String
    /// Where the provider sends the person back; must be registered with the provider.
    public var redirectURI: URL
    /// Re-authentication: "login" (and maxAge 0) forces the provider to ask again.
    public var prompt: String?
    /// Largest age in seconds of the person's session at the provider; 0 forces a fresh sign-in.
    public var maxAge: Int?

    /// Creates a request; `prompt` and `maxAge` are left out of the URL when nil.
    public init(
        state: String, nonce: String, codeChallenge: String, redirectURI: URL, prompt: String? = nil,
        maxAge: Int? = nil
    ) {
        self.state = state
        self.nonce = nonce
        self.codeChallenge = codeChallenge
        self.redirectURI = redirectURI
        self.prompt = prompt
        self.maxAge = maxAge
    }
}
