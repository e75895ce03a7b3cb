import Foundation
import Logging

extension OIDCClient {
    /// The key a token names, from the cached set; an unknown kid refetches the set at most once a minute.
    func signingKey(kid: String?, algorithm: String, provider: OIDCProvider, discovery: OIDCDiscovery)
        async throws -> JWKSet.Key
    {
        var set: JWKSet
        if let cached = keySets[provider.id], cached.jwksURI == discovery.jwksURI,
            now().timeIntervalSince(cached.fetchedAt) < Self.keySetLifetime
        {
            set = cached.set
        } else {
            set = try await refreshKeys(provider: provider, discovery: discovery)
        }
        var lookup = set.lookup(kid: kid, algorithm: algorithm)
        if lookup == .unknown {
            if let last = lastKeyFetch[provider.id],
                now().timeIntervalSince(last) < Self.keyRefetchInterval
            {
                logger.debug(
                    "OIDC key id unknown; key set fetched less than a minute ago",
                    metadata: ["provider": "\(provider.id)"])
            } else {
                set = try await refreshKeys(provider: provider, discovery: discovery)
                lookup = set.lookup(kid: kid, algorithm: algorithm)
            }
        }
        switch lookup {
        case .found(let key):
            return key
        case .mismatch:
            throw OIDCError(
                .invalidToken,
                "The ID token names a key that is not a signing key for its algorithm; it is refused.")
        case .unknown:
            throw OIDCError(
                .invalidToken,
                "The ID token is signed with a key provider \"\(provider.id)\" does not publish; it is refused."
            )
        }
    }

    /// Fetches the key set now and caches it.
    func refreshKeys(provider: OIDCProvider, discovery: OIDCDiscovery) async throws -> JWKSet {
        // Stamped before the request so concurrent verifications do not all refetch.
        lastKeyFetch[provider.id] = now()
        let set = try await http.keySet(at: discovery.jwksURI, provider: provider)
        keySets[provider.id] = CachedKeys(jwksURI: discovery.jwksURI, set: set, fetchedAt: now())
        return set
    }
}

/// What `airfit doctor` reports about a discovery document that loads but cannot work with our settings.
enum DiscoveryAdvice {
    static func problems(_ document: OIDCDiscovery, provider: OIDCProvider) -> [String] {
        var problems: [String] = []
        if let algorithms = document.idTokenSigningAlgValuesSupported, !algorithms.contains("RS256"),
            !algorithms.contains("ES256")
        {
            problems.append(
                "The provider does not sign ID tokens with RS256 or ES256, the only algorithms AirFit accepts."
            )
        }
        if let methods = document.codeChallengeMethodsSupported, !methods.contains("S256") {
            problems.append("The provider does not list PKCE method S256, which AirFit always sends.")
        }
        if let mode = provider.responseMode, let modes = document.responseModesSupported,
            !modes.contains(mode)
        {
            problems.append("The provider does not support response_mode \(mode).")
        }
        return problems
    }
}
