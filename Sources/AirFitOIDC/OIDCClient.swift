public import AsyncHTTPClient
public import Foundation
import JWTKit
public import Logging

/// Talks to the providers. Discovery documents cached (1 hour); JWKS cached and fetched again when a token's `kid`
/// is unknown (at most once per minute per provider, so a flood of bad kids does not hammer the provider).
public actor OIDCClient {
    static let discoveryLifetime: TimeInterval = 60 * 60
    static let keySetLifetime: TimeInterval = 60 * 60
    static let keyRefetchInterval: TimeInterval = 60

    struct CachedDiscovery {
        let document: OIDCDiscovery
        let fetchedAt: Date
    }

    struct CachedKeys {
        let jwksURI: URL
        let set: JWKSet
        let fetchedAt: Date
    }

    let http: ProviderHTTP
    let now: @Sendable () -> Date
    let logger: Logger
    var discoveries: [String: CachedDiscovery] = [:]
    var keySets: [String: CachedKeys] = [:]
    var lastKeyFetch: [String: Date] = [:]

    /// Creates a client; `now` is the clock for token times and caches (tests pass their own).
    public init(
        httpClient: HTTPClient, now: @escaping @Sendable () -> Date = { Date() }, logger: Logger
    ) {
        self.http = ProviderHTTP(client: httpClient, logger: logger)
        self.now = now
        self.logger = logger
    }

    /// Fetches and checks discovery: issuer must equal provider.issuer exactly (trailing slash normalised as the spec
    /// says: string compare after trimming one trailing "/" on both); endpoints https unless the issuer is http on a
    /// loopback host (tests); body ≤ 1 MiB.
    /// - Throws: ``OIDCError`` of kind `discovery` or `configuration`.
    public func discovery(for provider: OIDCProvider) async throws -> OIDCDiscovery {
        let key = provider.id + " " + provider.issuer.absoluteString
        if let cached = discoveries[key],
            now().timeIntervalSince(cached.fetchedAt) < Self.discoveryLifetime
        {
            return cached.document
        }
        let document = try await http.discovery(for: provider)
        discoveries[key] = CachedDiscovery(document: document, fetchedAt: now())
        return document
    }

    /// authorization_endpoint + response_type=code, client_id, redirect_uri, scope, state, nonce, code_challenge,
    /// code_challenge_method=S256, response_mode (if the provider has one), prompt, max_age.
    /// - Throws: ``OIDCError`` of kind `discovery` or `configuration`.
    public func authorizationURL(for provider: OIDCProvider, request: AuthorizationRequest)
        async throws -> URL
    {
        if let maxAge = request.maxAge, maxAge < 0 {
            throw OIDCError(.configuration, "max_age must be 0 or more seconds.")
        }
        let endpoint = try await discovery(for: provider).authorizationEndpoint
        var pairs = [
            ("response_type", "code"), ("client_id", provider.clientID),
            ("redirect_uri", request.redirectURI.absoluteString),
            ("scope", provider.scopes.joined(separator: " ")), ("state", request.state),
            ("nonce", request.nonce),
            ("code_challenge", request.codeChallenge), ("code_challenge_method", "S256"),
        ]
        if let mode = provider.responseMode { pairs.append(("response_mode", mode)) }
        if let prompt = request.prompt { pairs.append(("prompt", prompt)) }
        if let maxAge = request.maxAge { pairs.append(("max_age", String(maxAge))) }
        let separator = endpoint.query == nil ? "?" : "&"
        guard let url = URL(string: endpoint.absoluteString + separator + FormEncoding.encode(pairs))
        else {
            throw OIDCError(
                .discovery,
                "The authorization endpoint of provider \"\(provider.id)\" cannot carry a query; check its discovery document."
            )
        }
        return url
    }

    /// POSTs grant_type=authorization_code, code, redirect_uri, code_verifier (+ client auth) to the token endpoint;
    /// returns the id_token string (errors: the provider's `error`/`error_description` summarised, never the body).
    /// - Throws: ``OIDCError`` of kind `tokenExchange`, `discovery` or `configuration`.
    public func exchange(code: String, codeVerifier: String, redirectURI: URL, provider: OIDCProvider)
        async throws -> String
    {
        let endpoint = try await discovery(for: provider).tokenEndpoint
        return try await http.exchange(
            TokenRequest(
                code: code, codeVerifier: codeVerifier, redirectURI: redirectURI, provider: provider,
                now: now()),
            endpoint: endpoint)
    }

    /// Verifies with jwt-kit against the JWKS: alg RS256 or ES256 only (`none`, HS*, anything else refused — HS256 with
    /// the public key as secret must fail), signature, iss == issuer, aud contains clientID (and azp == clientID when
    /// aud has several), exp > now (60 s leeway), iat not in the future (+60 s) and not older than 10 minutes, nonce
    /// equal (constant time); when maxAuthAge is given, auth_time present and now - auth_time ≤ maxAuthAge (re-auth).
    /// - Throws: ``OIDCError`` of kind `invalidToken`, `staleAuthentication`, `discovery` or `configuration`.
    public func verify(
        idToken: String, provider: OIDCProvider, nonce: String, maxAuthAge: TimeInterval?
    ) async throws -> IDTokenClaims {
        let header = try IDTokenHeader.parse(idToken)
        let algorithm = header.alg ?? ""
        let discovery = try await discovery(for: provider)
        let key = try await signingKey(
            kid: header.kid, algorithm: algorithm, provider: provider, discovery: discovery)
        let payload: IDTokenPayload
        do {
            let keys = try await JWKSet.collection(for: key, algorithm: algorithm)
            payload = try await keys.verify(idToken, as: IDTokenPayload.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw OIDCError(
                .invalidToken, "The ID token's signature does not match the provider's key; it is refused.")
        } catch {
            throw OIDCError(
                .invalidToken,
                "The ID token could not be verified (bad signature, bad key, or iss/sub/aud/exp/iat missing); it is refused."
            )
        }
        let checks = IDTokenChecks(
            expectedIssuer: discovery.issuer, kind: provider.kind, clientID: provider.clientID,
            nonce: nonce, maxAuthAge: maxAuthAge,
            now: now())
        return try checks.check(payload)
    }

    /// For `airfit doctor`: fetches discovery and JWKS fresh and says what is wrong, or nil when fine.
    public func problem(with provider: OIDCProvider) async -> String? {
        do {
            let document = try await http.discovery(for: provider)
            discoveries[provider.id + " " + provider.issuer.absoluteString] = CachedDiscovery(
                document: document, fetchedAt: now())
            var problems = DiscoveryAdvice.problems(document, provider: provider)
            let set = try await refreshKeys(provider: provider, discovery: document)
            if set.usableCount == 0 {
                problems.append(
                    "The provider's key set (jwks_uri) has no RS256 or ES256 signing key, so no ID token can be verified."
                )
            }
            if case .appleSigned(let teamID, let keyID, let pem) = provider.clientSecret {
                _ = try AppleClientSecret.make(
                    teamID: teamID, keyID: keyID, clientID: provider.clientID, privateKeyPEM: pem, now: now())
            }
            return problems.isEmpty ? nil : problems.joined(separator: " ")
        } catch let error as OIDCError {
            return error.message
        } catch {
            return
                "Provider \"\(provider.id)\" could not be checked; try again and look at the server log."
        }
    }
}
