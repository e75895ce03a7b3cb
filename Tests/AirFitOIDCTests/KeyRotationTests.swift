import Foundation
import Testing

@testable import AirFitOIDC

@Suite("Key set rotation")
struct KeyRotationTests {
    @Test(
        "an unknown kid refetches the key set once, then the rotated key verifies; another unknown kid within a minute is refused without a fetch"
    )
    func rotation() async throws {
        let rsa = try await SuiteKeys.rsa.value
        let rotated = try await SuiteKeys.rsaRotated.value
        let ec = try await SuiteKeys.ec.value
        try await TestProvider.with { server in
            await server.state.setJWKS(TestSigner.jwks([rsa]))
            let clock = TestClock()
            let client = makeClient(clock)
            let first = try await rsa.sign(
                .google(issuer: server.base, clientID: "airfit-test", now: clock.now))
            _ = try await client.verify(
                idToken: first, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: nil)
            #expect(await server.state.jwksFetches == 1)

            // The provider rotates to a new key; a minute later a token signed with it arrives.
            await server.state.setJWKS(TestSigner.jwks([rotated]))
            clock.advance(61)
            let second = try await rotated.sign(
                .google(issuer: server.base, clientID: "airfit-test", now: clock.now))
            let claims = try await client.verify(
                idToken: second, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: nil)
            #expect(claims.subject == "user-123")
            #expect(await server.state.jwksFetches == 2)

            // A token naming a key the provider does not (yet) list, within the minute: refused, no new fetch.
            await server.state.setJWKS(TestSigner.jwks([rotated, ec]))
            clock.advance(10)
            let third = try await ec.sign(
                .google(issuer: server.base, clientID: "airfit-test", now: clock.now))
            let error = await #expect(throws: OIDCError.self) {
                try await client.verify(
                    idToken: third, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: nil)
            }
            #expect(error?.kind == .invalidToken)
            #expect(await server.state.jwksFetches == 2)

            // Once the minute has passed the set is fetched again and the key is found.
            clock.advance(60)
            let fourth = try await ec.sign(
                .google(issuer: server.base, clientID: "airfit-test", now: clock.now))
            _ = try await client.verify(
                idToken: fourth, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: nil)
            #expect(await server.state.jwksFetches == 3)
        }
    }

    @Test("known keys are served from the cache: many verifications, one key set fetch")
    func cached() async throws {
        let rsa = try await SuiteKeys.rsa.value
        try await TestProvider.with { server in
            await server.state.setJWKS(TestSigner.jwks([rsa]))
            let clock = TestClock()
            let client = makeClient(clock)
            for _ in 0..<3 {
                let token = try await rsa.sign(
                    .google(issuer: server.base, clientID: "airfit-test", now: clock.now))
                _ = try await client.verify(
                    idToken: token, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: nil)
                clock.advance(5)
            }
            #expect(await server.state.jwksFetches == 1)
            #expect(await server.state.discoveryFetches == 1)
        }
    }
}
