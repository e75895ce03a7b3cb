public import AirFitOIDC
import Foundation

/// The OpenID Connect providers the admin configured (``OIDCConfiguration``) and the client that talks to them; empty
/// when none are configured (the sign-in page then shows only email and passkey).
public struct SignInProviders: Sendable {
    /// The providers, in the order their buttons appear.
    public var providers: [OIDCProvider]
    /// Talks to the providers; `nil` when there are none.
    public var client: OIDCClient?

    /// The configured providers and their client.
    public init(providers: [OIDCProvider] = [], client: OIDCClient? = nil) {
        self.providers = providers
        self.client = client
    }

    /// The provider with this id, when it is configured and there is a client.
    func provider(_ id: String?) -> (OIDCProvider, OIDCClient)? {
        guard let id, let client, let provider = providers.first(where: { $0.id == id }) else { return nil }
        return (provider, client)
    }

    /// A provider's name by id, for identities linked through a provider since removed from the configuration.
    func name(of id: String) -> String {
        providers.first { $0.id == id }?.displayName ?? id
    }
}

/// What a provider step keeps until the provider sends the person back.
struct ProviderStep: Codable {
    var provider: String
    var nonce: String
    var verifier: String
    /// Where to go afterwards (re-authentication).
    var next: String?
    /// Confirming unlocks a locked session.
    var unlock: Bool?
    /// Signing up through an admin's invite: its token (checked again, and used up, when the account is made).
    var invite: String?
}

extension URL {
    /// `scheme://host[:port]` of this URL (for the Content-Security-Policy's form targets).
    var origin: URL {
        var components = URLComponents()
        components.scheme = scheme
        components.host = host()
        components.port = port
        return components.url ?? self
    }
}
