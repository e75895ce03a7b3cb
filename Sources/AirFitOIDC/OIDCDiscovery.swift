public import Foundation

/// The parts of /.well-known/openid-configuration we use.
public struct OIDCDiscovery: Sendable, Codable, Equatable {
    /// `issuer`: must equal the configured issuer.
    public let issuer: String
    /// `authorization_endpoint`: where the browser is sent to sign in.
    public let authorizationEndpoint: URL
    /// `token_endpoint`: where the code is exchanged for tokens.
    public let tokenEndpoint: URL
    /// `jwks_uri`: the provider's signing keys.
    public let jwksURI: URL
    /// `response_modes_supported`, when advertised.
    public let responseModesSupported: [String]?
    /// `code_challenge_methods_supported`, when advertised.
    public let codeChallengeMethodsSupported: [String]?
    /// `id_token_signing_alg_values_supported`, when advertised.
    public let idTokenSigningAlgValuesSupported: [String]?

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case jwksURI = "jwks_uri"
        case responseModesSupported = "response_modes_supported"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case idTokenSigningAlgValuesSupported = "id_token_signing_alg_values_supported"
    }
}

/// URL rules shared by configuration and discovery.
enum IssuerRules {
    /// The issuer without one trailing "/", as OpenID Connect Discovery §4.3 compares them.
    static func normalised(_ issuer: String) -> String {
        issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
    }

    static func isLoopback(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        return host == "localhost" || host == "127.0.0.1" || host == "::1" || host == "[::1]"
    }

    /// https, or http on a loopback host (local test providers only).
    static func isAcceptableIssuer(_ url: URL) -> Bool {
        guard url.host?.isEmpty == false, url.query == nil, url.fragment == nil else { return false }
        switch url.scheme?.lowercased() {
        case "https": return true
        case "http": return isLoopback(url.host)
        default: return false
        }
    }

    /// Endpoints must be https, unless the issuer itself is http on a loopback host (tests).
    static func isAcceptableEndpoint(_ url: URL, issuer: URL) -> Bool {
        guard url.host?.isEmpty == false else { return false }
        switch url.scheme?.lowercased() {
        case "https": return true
        case "http":
            return issuer.scheme?.lowercased() == "http" && isLoopback(issuer.host)
                && isLoopback(url.host)
        default: return false
        }
    }
}
