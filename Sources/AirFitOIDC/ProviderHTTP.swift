import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// The HTTP requests to a provider, each with a deadline and a body limit.
struct ProviderHTTP: Sendable {
    static let documentLimit = 1 << 20
    static let tokenResponseLimit = 256 * 1024
    static let timeout = TimeAmount.seconds(10)

    let client: HTTPClient
    let logger: Logger

    /// GETs and checks `<issuer>/.well-known/openid-configuration`.
    func discovery(for provider: OIDCProvider) async throws -> OIDCDiscovery {
        guard IssuerRules.isAcceptableIssuer(provider.issuer) else {
            throw OIDCError(
                .configuration,
                "The issuer of provider \"\(provider.id)\" must be an https URL (http only for localhost) without a query."
            )
        }
        let configured = IssuerRules.normalised(provider.issuer.absoluteString)
        let address = configured + "/.well-known/openid-configuration"
        let (status, body) = try await get(address, what: "discovery document", provider: provider)
        guard status == 200 else {
            throw OIDCError(
                .discovery,
                "The discovery document of provider \"\(provider.id)\" answered HTTP \(status); check the issuer URL \(configured)."
            )
        }
        guard let document = try? JSONDecoder().decode(OIDCDiscovery.self, from: body) else {
            throw OIDCError(
                .discovery,
                "The discovery document of provider \"\(provider.id)\" lacks issuer, authorization_endpoint, token_endpoint or jwks_uri."
            )
        }
        guard IssuerRules.normalised(document.issuer) == configured else {
            throw OIDCError(
                .discovery,
                "Provider \"\(provider.id)\" says its issuer is \(document.issuer.prefix(200)), not \(configured); "
                    + "set the issuer exactly as the provider's discovery document gives it.")
        }
        for endpoint in [document.authorizationEndpoint, document.tokenEndpoint, document.jwksURI]
        where !IssuerRules.isAcceptableEndpoint(endpoint, issuer: provider.issuer) {
            throw OIDCError(
                .discovery,
                "The discovery document of provider \"\(provider.id)\" lists an endpoint that is not https; it is refused."
            )
        }
        return document
    }

    /// GETs the provider's key set.
    func keySet(at url: URL, provider: OIDCProvider) async throws -> JWKSet {
        let (status, body) = try await get(url.absoluteString, what: "key set", provider: provider)
        guard status == 200 else {
            throw OIDCError(
                .discovery,
                "The key set (jwks_uri) of provider \"\(provider.id)\" answered HTTP \(status); try again later."
            )
        }
        guard let set = try? JSONDecoder().decode(JWKSet.self, from: body) else {
            throw OIDCError(
                .discovery,
                "The key set (jwks_uri) of provider \"\(provider.id)\" is not a JSON Web Key Set.")
        }
        return set
    }

    /// POSTs the code exchange and returns the ID token.
    func exchange(_ token: TokenRequest, endpoint: URL) async throws -> String {
        let (body, headers) = try token.form()
        var request = HTTPClientRequest(url: endpoint.absoluteString)
        request.method = .POST
        request.headers = headers
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(string: body))
        let (status, data) = try await send(
            request, limit: Self.tokenResponseLimit, what: "token endpoint", provider: token.provider, failure: .tokenExchange)
        return try TokenResponse.idToken(status: status, body: data, providerID: token.provider.id)
    }

    private func get(_ address: String, what: String, provider: OIDCProvider) async throws -> (
        UInt, Data
    ) {
        var request = HTTPClientRequest(url: address)
        request.headers.add(name: "Accept", value: "application/json")
        return try await send(request, limit: Self.documentLimit, what: what, provider: provider, failure: .discovery)
    }

    private func send(
        _ request: HTTPClientRequest, limit: Int, what: String, provider: OIDCProvider, failure kind: OIDCError.Kind
    )
        async throws -> (UInt, Data)
    {
        let response: HTTPClientResponse
        do {
            // Not our logger: AsyncHTTPClient logs body bytes at trace level, and token responses carry tokens.
            response = try await client.execute(request, timeout: Self.timeout)
        } catch {
            logger.debug(
                "OIDC request failed",
                metadata: ["provider": "\(provider.id)", "what": "\(what)", "error": "\(type(of: error))"])
            throw OIDCError(
                kind,
                "The \(what) of provider \"\(provider.id)\" could not be reached; check the network and the issuer URL."
            )
        }
        do {
            let buffer = try await response.body.collect(upTo: limit)
            return (response.status.code, Data(buffer.readableBytesView))
        } catch {
            throw OIDCError(
                kind,
                "The \(what) of provider \"\(provider.id)\" sent more than \(limit / 1024) KiB or broke off; it is refused."
            )
        }
    }
}
