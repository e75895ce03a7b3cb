import Foundation
import JWTKit
import Testing

@testable import AirFitOIDC

@Suite("Authorization and token exchange")
struct TokenExchangeTests {
    /// Walks the redirect: builds the URL, reads its challenge as the provider would, and issues a code for it.
    func authorize(
        _ server: TestProvider, client: OIDCClient, provider: OIDCProvider, pkce: PKCE, idToken: String
    ) async throws -> String {
        let redirect = URL(string: "https://airfit.example/auth/callback/test")!
        let request = AuthorizationRequest(
            state: OIDCRandom.token(), nonce: "nonce-abc", codeChallenge: pkce.challenge,
            redirectURI: redirect, prompt: "login", maxAge: 0)
        let url = try await client.authorizationURL(for: provider, request: request)
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        let query = Dictionary(
            uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(url.absoluteString.hasPrefix(server.base + "/authorize?"))
        #expect(query["response_type"] == "code")
        #expect(query["client_id"] == "airfit-test")
        #expect(query["redirect_uri"] == redirect.absoluteString)
        #expect(query["scope"] == provider.scopes.joined(separator: " "))
        #expect(query["state"] == request.state)
        #expect(query["nonce"] == "nonce-abc")
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["prompt"] == "login")
        #expect(query["max_age"] == "0")
        #expect(query["response_mode"] == provider.responseMode)
        let code = "code-" + OIDCRandom.token()
        await server.state.issue(
            code: code, challenge: try #require(query["code_challenge"]),
            redirectURI: try #require(query["redirect_uri"]), idToken: idToken)
        return code
    }

    @Test(
        "the exchange sends the right PKCE verifier and Basic client auth, and returns the ID token")
    func exchangeBasic() async throws {
        try await TestProvider.with { server in
            await server.state.setClientAuth(.basic("s3cr:et/+="))
            let client = makeClient(TestClock())
            let provider = server.provider(clientSecret: .basic("s3cr:et/+="))
            let pkce = PKCE.make()
            let code = try await authorize(
                server, client: client, provider: provider, pkce: pkce, idToken: "header.payload.sig")
            let token = try await client.exchange(
                code: code, codeVerifier: pkce.verifier,
                redirectURI: URL(string: "https://airfit.example/auth/callback/test")!,
                provider: provider)
            #expect(token == "header.payload.sig")
            #expect(await server.state.lastForm["code_verifier"] == pkce.verifier)
            #expect(await server.state.lastForm["client_secret"] == nil)
        }
    }

    @Test(
        "the provider refuses a wrong PKCE verifier, and the error names the provider's reason, not the response body"
    )
    func wrongVerifier() async throws {
        try await TestProvider.with { server in
            let client = makeClient(TestClock())
            let provider = server.provider()
            let pkce = PKCE.make()
            let code = try await authorize(
                server, client: client, provider: provider, pkce: pkce, idToken: "h.p.s")
            let error = await #expect(throws: OIDCError.self) {
                try await client.exchange(
                    code: code, codeVerifier: PKCE.make().verifier,
                    redirectURI: URL(string: "https://airfit.example/auth/callback/test")!,
                    provider: provider)
            }
            #expect(error?.kind == .tokenExchange)
            #expect(error?.message.contains("invalid_grant") == true)
            #expect(error?.message.contains("{") == false)
        }
    }

    @Test("client_secret_post sends id and secret in the body; a wrong secret is refused")
    func exchangePost() async throws {
        try await TestProvider.with { server in
            await server.state.setClientAuth(.post("right"))
            let client = makeClient(TestClock())
            let redirect = URL(string: "https://airfit.example/auth/callback/test")!
            for (secret, accepted) in [("right", true), ("wrong", false)] {
                let provider = server.provider(clientSecret: .post(secret))
                let pkce = PKCE.make()
                let code = try await authorize(
                    server, client: client, provider: provider, pkce: pkce, idToken: "h.p.s")
                if accepted {
                    let token = try await client.exchange(
                        code: code, codeVerifier: pkce.verifier, redirectURI: redirect, provider: provider)
                    #expect(token == "h.p.s")
                } else {
                    let error = await #expect(throws: OIDCError.self) {
                        try await client.exchange(
                            code: code, codeVerifier: pkce.verifier, redirectURI: redirect, provider: provider)
                    }
                    #expect(error?.message.contains("invalid_client") == true)
                    #expect(error?.message.contains("wrong") == false)
                }
            }
        }
    }

    @Test(
        "Apple: form_post is requested and the per-request ES256 client secret is accepted by the provider"
    )
    func exchangeApple() async throws {
        let key = ES256PrivateKey()
        let verifierKeys = JWTKeyCollection()
        await verifierKeys.add(ecdsa: key.publicKey, kid: "KEY1234567")
        try await TestProvider.with { server in
            await server.state.setClientAuth(.appleSigned(teamID: "TEAM123456", keys: verifierKeys))
            let client = makeClient(TestClock())
            let provider = OIDCProvider(
                id: "apple", kind: .apple, displayName: "Apple", issuer: server.issuer,
                clientID: "airfit-test",
                clientSecret: .appleSigned(
                    teamID: "TEAM123456", keyID: "KEY1234567", privateKeyPEM: key.pemRepresentation),
                scopes: ["openid", "email", "name"], responseMode: "form_post")
            let pkce = PKCE.make()
            let code = try await authorize(
                server, client: client, provider: provider, pkce: pkce, idToken: "a.b.c")
            let token = try await client.exchange(
                code: code, codeVerifier: pkce.verifier,
                redirectURI: URL(string: "https://airfit.example/auth/callback/test")!,
                provider: provider)
            #expect(token == "a.b.c")
        }
    }
}
