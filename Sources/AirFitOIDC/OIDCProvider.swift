public import Foundation

/// One sign-in provider the admin configured.
public struct OIDCProvider: Sendable, Equatable, Identifiable {
    /// Which preset the provider follows.
    public enum Kind: String, Sendable {
        /// Google accounts (issuer https://accounts.google.com).
        case google
        /// Sign in with Apple (issuer https://appleid.apple.com, form_post, signed client secret).
        case apple
        /// Any other OpenID Connect provider, described by its issuer's discovery document.
        case generic
    }

    /// How the client authenticates at the token endpoint.
    public enum ClientSecret: Sendable, Equatable {
        /// Public client: PKCE only, `client_id` in the body.
        case none
        /// client_secret_basic: HTTP Basic with the form-url-encoded id and secret. The default with a secret.
        case basic(String)
        /// client_secret_post: `client_id` and `client_secret` in the body.
        case post(String)
        /// Apple: an ES256 JWT made per request from the team's key, sent as client_secret_post.
        case appleSigned(teamID: String, keyID: String, privateKeyPEM: String)
    }

    /// `[a-z0-9-]{1,32}`: used in URLs and test ids (auth.provider.<id>).
    public let id: String
    /// Which preset the provider follows.
    public let kind: Kind
    /// Button text: "Google", "Apple", or the configured name.
    public let displayName: String
    /// The issuer identifier; discovery is at `<issuer>/.well-known/openid-configuration`.
    public let issuer: URL
    /// The client id registered with the provider.
    public let clientID: String
    /// How the client authenticates at the token endpoint.
    public let clientSecret: ClientSecret
    /// Requested scopes: default ["openid", "email", "profile"]; Apple ["openid", "email", "name"].
    public let scopes: [String]
    /// Apple: "form_post"; others nil (the code comes back in the query).
    public let responseMode: String?

    /// Creates a provider from every setting.
    public init(
        id: String, kind: Kind, displayName: String, issuer: URL, clientID: String,
        clientSecret: ClientSecret, scopes: [String],
        responseMode: String?
    ) {
        self.id = id
        self.kind = kind
        self.displayName = displayName
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scopes = scopes
        self.responseMode = responseMode
    }

    /// Google: issuer https://accounts.google.com, client_secret_basic, scopes openid email profile.
    public static func google(id: String = "google", clientID: String, clientSecret: String)
        -> OIDCProvider
    {
        OIDCProvider(
            id: id, kind: .google, displayName: "Google", issuer: Presets.googleIssuer,
            clientID: clientID,
            clientSecret: clientSecret.isEmpty ? .none : .basic(clientSecret),
            scopes: Presets.defaultScopes, responseMode: nil
        )
    }

    /// Apple: issuer https://appleid.apple.com, form_post, ES256 client secret made from the team's .p8 key.
    public static func apple(
        id: String = "apple", clientID: String, teamID: String, keyID: String, privateKeyPEM: String
    ) -> OIDCProvider {
        OIDCProvider(
            id: id, kind: .apple, displayName: "Apple", issuer: Presets.appleIssuer, clientID: clientID,
            clientSecret: .appleSigned(teamID: teamID, keyID: keyID, privateKeyPEM: privateKeyPEM),
            scopes: Presets.appleScopes,
            responseMode: "form_post"
        )
    }
}

/// The presets' fixed values.
enum Presets {
    static let googleIssuer = URL(string: "https://accounts.google.com")!
    static let appleIssuer = URL(string: "https://appleid.apple.com")!
    static let defaultScopes = ["openid", "email", "profile"]
    static let appleScopes = ["openid", "email", "name"]
}
