import AirFitCore
import AsyncHTTPClient
import Foundation
import JWTKit
import Logging
import Testing

@testable import AirFitOIDC

/// Keys made once for the suite (RSA generation is slow in debug builds).
enum SuiteKeys {
    static let rsa = Task { try await TestSigner.rsa(kid: "rsa-1") }
    static let rsaImpostor = Task { try await TestSigner.rsa(kid: "rsa-1") }
    static let rsaRotated = Task { try await TestSigner.rsa(kid: "rsa-2") }
    static let ec = Task { try await TestSigner.ec(kid: "ec-1") }
}

func makeClient(_ clock: TestClock) -> OIDCClient {
    OIDCClient(httpClient: .shared, now: { clock.now }, logger: Logger(label: "oidc-test"))
}

@Suite("ID token verification")
struct IDTokenVerificationTests {
    @Test("a valid RS256 Google-shaped token verifies and gives its claims")
    func validRS256() async throws {
        let rsa = try await SuiteKeys.rsa.value
        try await TestProvider.with { server in
            await server.state.setJWKS(TestSigner.jwks([rsa]))
            let clock = TestClock()
            let token = try await rsa.sign(
                .google(issuer: server.base, clientID: "airfit-test", now: clock.now))
            let claims = try await makeClient(clock).verify(
                idToken: token, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: nil)
            #expect(claims.issuer == server.base)
            #expect(claims.subject == "user-123")
            #expect(claims.email == "runner@example.com")
            #expect(claims.emailVerified)
            #expect(claims.name == "Ada Runner")
            #expect(!claims.isPrivateRelayEmail)
            #expect(claims.authTime == nil)
            #expect(abs(claims.issuedAt.timeIntervalSince(clock.now)) < 1)
        }
    }

    @Test(
        "a valid ES256 Apple-shaped token verifies; the relay email is flagged private and auth_time is read"
    )
    func validES256() async throws {
        let ec = try await SuiteKeys.ec.value
        let rsa = try await SuiteKeys.rsa.value
        try await TestProvider.with { server in
            await server.state.setJWKS(TestSigner.jwks([rsa, ec]))
            let clock = TestClock()
            let token = try await ec.sign(
                .apple(issuer: server.base, clientID: "airfit-test", now: clock.now))
            let claims = try await makeClient(clock).verify(
                idToken: token, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: 300)
            #expect(claims.subject == "001234.abcdef")
            #expect(claims.emailVerified)
            #expect(claims.isPrivateRelayEmail)
            #expect(claims.name == nil)
            let authTime = try #require(claims.authTime)
            #expect(abs(authTime.timeIntervalSince(clock.now) + 5) < 1)
        }
    }

    /// One way a token can be wrong.
    enum BadClaims: String, CaseIterable, CustomTestStringConvertible {
        case wrongAudience, wrongIssuer, expired, issuedInFuture, issuedTooLongAgo, wrongNonce,
            missingNonce, otherAuthorizedParty
        var testDescription: String { rawValue }

        func apply(to claims: inout TestClaims, now: Date) {
            let time = now.timeIntervalSince1970
            switch self {
            case .wrongAudience: claims.aud = ["someone-else"]
            case .wrongIssuer: claims.iss = "https://evil.example.com"
            case .expired: (claims.iat, claims.exp) = (time - 300, time - 61)
            case .issuedInFuture: claims.iat = time + 120
            case .issuedTooLongAgo: claims.iat = time - 601
            case .wrongNonce: claims.nonce = "nonce-abd"
            case .missingNonce: claims.nonce = nil
            case .otherAuthorizedParty:
                (claims.aud, claims.azp) = (["airfit-test", "other-app"], "other-app")
            }
        }
    }

    @Test("a well-signed token with a bad claim is refused as invalid", arguments: BadClaims.allCases)
    func badClaims(_ bad: BadClaims) async throws {
        let rsa = try await SuiteKeys.rsa.value
        try await TestProvider.with { server in
            await server.state.setJWKS(TestSigner.jwks([rsa]))
            let clock = TestClock()
            var claims = TestClaims.google(issuer: server.base, clientID: "airfit-test", now: clock.now)
            bad.apply(to: &claims, now: clock.now)
            let token = try await rsa.sign(claims)
            let error = await #expect(throws: OIDCError.self) {
                try await makeClient(clock).verify(
                    idToken: token, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: nil)
            }
            #expect(error?.kind == .invalidToken)
            #expect(error?.message.contains("runner@example.com") == false)
        }
    }

    @Test("expiry within the 60 s leeway is still accepted")
    func leeway() async throws {
        let rsa = try await SuiteKeys.rsa.value
        try await TestProvider.with { server in
            await server.state.setJWKS(TestSigner.jwks([rsa]))
            let clock = TestClock()
            var claims = TestClaims.google(issuer: server.base, clientID: "airfit-test", now: clock.now)
            claims.exp = clock.now.timeIntervalSince1970 - 30
            let token = try await rsa.sign(claims)
            let verified = try await makeClient(clock).verify(
                idToken: token, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: nil)
            #expect(verified.subject == "user-123")
        }
    }

    @Test("a token signed by another key with the same kid is refused")
    func wrongSignature() async throws {
        let rsa = try await SuiteKeys.rsa.value
        let impostor = try await SuiteKeys.rsaImpostor.value
        try await TestProvider.with { server in
            await server.state.setJWKS(TestSigner.jwks([rsa]))
            let clock = TestClock()
            let token = try await impostor.sign(
                .google(issuer: server.base, clientID: "airfit-test", now: clock.now))
            let error = await #expect(throws: OIDCError.self) {
                try await makeClient(clock).verify(
                    idToken: token, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: nil)
            }
            #expect(error?.kind == .invalidToken)
            #expect(error?.message.contains("signature") == true)
        }
    }

    @Test("a token with alg none is refused")
    func algNone() async throws {
        let rsa = try await SuiteKeys.rsa.value
        try await TestProvider.with { server in
            await server.state.setJWKS(TestSigner.jwks([rsa]))
            let clock = TestClock()
            let claims = TestClaims.google(issuer: server.base, clientID: "airfit-test", now: clock.now)
            let header = Base64URL.encode(Data(#"{"alg":"none","kid":"rsa-1","typ":"JWT"}"#.utf8))
            let payload = Base64URL.encode(try JSONEncoder().encode(claims))
            for token in ["\(header).\(payload).", "\(header).\(payload).c2ln"] {
                let error = await #expect(throws: OIDCError.self) {
                    try await makeClient(clock).verify(
                        idToken: token, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: nil)
                }
                #expect(error?.kind == .invalidToken)
                #expect(error?.message.contains("RS256 or ES256") == true)
            }
        }
    }

    @Test("HS256 signed with the provider's RSA public key PEM as the secret is refused")
    func keyConfusion() async throws {
        let rsa = try await SuiteKeys.rsa.value
        try await TestProvider.with { server in
            await server.state.setJWKS(TestSigner.jwks([rsa]))
            let clock = TestClock()
            let hmac = JWTKeyCollection()
            await hmac.add(
                hmac: HMACKey(from: try #require(rsa.publicPEM)), digestAlgorithm: .sha256, kid: "rsa-1")
            let token = try await hmac.sign(
                TestClaims.google(issuer: server.base, clientID: "airfit-test", now: clock.now),
                kid: "rsa-1")
            let header = try JSONDecoder().decode(
                [String: String].self, from: try #require(Base64URL.decode(token.prefix { $0 != "." })))
            #expect(header["alg"] == "HS256")
            let error = await #expect(throws: OIDCError.self) {
                try await makeClient(clock).verify(
                    idToken: token, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: nil)
            }
            #expect(error?.kind == .invalidToken)
            #expect(error?.message.contains("RS256 or ES256") == true)
        }
    }

    @Test("an auth_time older than maxAuthAge is a stale authentication; a missing one too")
    func staleAuthentication() async throws {
        let ec = try await SuiteKeys.ec.value
        try await TestProvider.with { server in
            await server.state.setJWKS(TestSigner.jwks([ec]))
            let clock = TestClock()
            let client = makeClient(clock)
            var claims = TestClaims.apple(issuer: server.base, clientID: "airfit-test", now: clock.now)
            claims.authTime = clock.now.timeIntervalSince1970 - 400
            let old = try await ec.sign(claims)
            let error = await #expect(throws: OIDCError.self) {
                try await client.verify(
                    idToken: old, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: 300)
            }
            #expect(error?.kind == .staleAuthentication)
            let fine = try await client.verify(
                idToken: old, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: 600)
            #expect(fine.authTime != nil)
            claims.authTime = nil
            let missing = try await ec.sign(claims)
            let missingError = await #expect(throws: OIDCError.self) {
                try await client.verify(
                    idToken: missing, provider: server.provider(), nonce: "nonce-abc", maxAuthAge: 300)
            }
            #expect(missingError?.kind == .staleAuthentication)
        }
    }
}
