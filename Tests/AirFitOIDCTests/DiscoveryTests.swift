import Foundation
import Testing

@testable import AirFitOIDC

@Suite("Discovery")
struct DiscoveryTests {
    @Test(
        "discovery is read, cached for an hour, and a trailing slash on the configured issuer does not matter"
    )
    func readsAndCaches() async throws {
        try await TestProvider.with { server in
            let clock = TestClock()
            let client = makeClient(clock)
            let slashed = OIDCProvider(
                id: "test", kind: .generic, displayName: "Test", issuer: URL(string: server.base + "/")!,
                clientID: "airfit-test",
                clientSecret: .none, scopes: ["openid"], responseMode: nil)
            let document = try await client.discovery(for: slashed)
            #expect(document.issuer == server.base)
            #expect(document.tokenEndpoint.absoluteString == server.base + "/token")
            #expect(document.codeChallengeMethodsSupported == ["S256"])
            _ = try await client.discovery(for: slashed)
            #expect(await server.state.discoveryFetches == 1)
            clock.advance(3601)
            _ = try await client.discovery(for: slashed)
            #expect(await server.state.discoveryFetches == 2)
        }
    }

    @Test("a discovery document naming another issuer is refused")
    func mismatchedIssuer() async throws {
        try await TestProvider.with { server in
            await server.state.setIssuerOverride("https://accounts.example.com")
            let error = await #expect(throws: OIDCError.self) {
                try await makeClient(TestClock()).discovery(for: server.provider())
            }
            #expect(error?.kind == .discovery)
            #expect(error?.message.contains("issuer") == true)
        }
    }

    @Test(
        "doctor: a healthy provider has no problem; a mismatched issuer or an empty key set is reported"
    )
    func doctor() async throws {
        let rsa = try await SuiteKeys.rsa.value
        try await TestProvider.with { server in
            let client = makeClient(TestClock())
            await server.state.setJWKS(TestSigner.jwks([rsa]))
            #expect(await client.problem(with: server.provider()) == nil)
            await server.state.setJWKS(#"{"keys":[{"kty":"oct","kid":"h","k":"c2VjcmV0"}]}"#)
            let noKeys = try #require(await client.problem(with: server.provider()))
            #expect(noKeys.contains("RS256"))
            await server.state.setIssuerOverride("https://elsewhere.example.com")
            let mismatch = try #require(await client.problem(with: server.provider()))
            #expect(mismatch.contains("issuer"))
        }
    }

    @Test("an issuer without a discovery document gives a discovery error naming the HTTP status")
    func notFound() async throws {
        try await TestProvider.with { server in
            let provider = OIDCProvider(
                id: "gone", kind: .generic, displayName: "Gone",
                issuer: URL(string: server.base + "/nothing-here")!, clientID: "x",
                clientSecret: .none, scopes: ["openid"], responseMode: nil)
            let error = await #expect(throws: OIDCError.self) {
                try await makeClient(TestClock()).discovery(for: provider)
            }
            #expect(error?.kind == .discovery)
            #expect(error?.message.contains("404") == true)
        }
    }

    @Test("an http issuer that is not loopback is refused before any request")
    func plainHTTP() async throws {
        let provider = OIDCProvider(
            id: "plain", kind: .generic, displayName: "Plain",
            issuer: URL(string: "http://id.example.com")!, clientID: "x",
            clientSecret: .none, scopes: ["openid"], responseMode: nil)
        let error = await #expect(throws: OIDCError.self) {
            try await makeClient(TestClock()).discovery(for: provider)
        }
        #expect(error?.kind == .configuration)
    }
}
