import AirFitCore
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import JWTKit
import Logging
import NIOCore
import Testing

@testable import AirFitOIDC

/// What the test provider's token endpoint demands of the client.
enum ExpectedClientAuth: Sendable {
    case none
    case basic(String)
    case post(String)
    /// Apple: client_secret is an ES256 JWT from this team/key, checked with the key collection.
    case appleSigned(teamID: String, keys: JWTKeyCollection)
}

/// The mutable side of the test provider: key set, issued codes, what it saw.
actor ProviderState {
    struct PendingCode {
        let challenge: String
        let redirectURI: String
        let idToken: String
    }

    var issuerOverride: String?
    var jwks = "{\"keys\":[]}"
    var jwksFetches = 0
    var discoveryFetches = 0
    var clientID = "airfit-test"
    var clientAuth = ExpectedClientAuth.none
    var codes: [String: PendingCode] = [:]
    var lastForm: [String: String] = [:]

    func setJWKS(_ json: String) { jwks = json }
    func setIssuerOverride(_ issuer: String?) { issuerOverride = issuer }
    func setClientAuth(_ auth: ExpectedClientAuth) { clientAuth = auth }
    func issue(code: String, challenge: String, redirectURI: String, idToken: String) {
        codes[code] = PendingCode(challenge: challenge, redirectURI: redirectURI, idToken: idToken)
    }

    func discovery(base: String) -> String {
        discoveryFetches += 1
        return """
            {"issuer":"\(issuerOverride ?? base)","authorization_endpoint":"\(base)/authorize","token_endpoint":"\(base)/token",
            "jwks_uri":"\(base)/jwks","response_modes_supported":["query","form_post"],"code_challenge_methods_supported":["S256"],
            "id_token_signing_alg_values_supported":["RS256","ES256"]}
            """
    }

    func keySet() -> String {
        jwksFetches += 1
        return jwks
    }

    /// The token endpoint: enforces PKCE (SHA256(code_verifier) == challenge), redirect_uri and client authentication.
    func token(form: [String: String], authorization: String?) async -> (HTTPResponse.Status, String) {
        lastForm = form
        guard form["grant_type"] == "authorization_code", let code = form["code"],
            let pending = codes.removeValue(forKey: code)
        else {
            return (.badRequest, #"{"error":"invalid_grant","error_description":"unknown code"}"#)
        }
        guard form["redirect_uri"] == pending.redirectURI else {
            return (
                .badRequest, #"{"error":"invalid_grant","error_description":"redirect_uri mismatch"}"#
            )
        }
        guard let verifier = form["code_verifier"],
            Base64URL.encode(Array(SHA256.hash(data: Data(verifier.utf8)))) == pending.challenge
        else {
            return (
                .badRequest, #"{"error":"invalid_grant","error_description":"PKCE verification failed"}"#
            )
        }
        guard await clientAuthenticated(form: form, authorization: authorization) else {
            return (
                .unauthorized,
                #"{"error":"invalid_client","error_description":"client authentication failed"}"#
            )
        }
        return (
            .ok,
            #"{"access_token":"at-1","token_type":"Bearer","expires_in":3600,"id_token":"\#(pending.idToken)"}"#
        )
    }

    private func clientAuthenticated(form: [String: String], authorization: String?) async -> Bool {
        switch clientAuth {
        case .none:
            return form["client_id"] == clientID && authorization == nil && form["client_secret"] == nil
        case .basic(let secret):
            guard let authorization, authorization.hasPrefix("Basic "),
                let decoded = Data(base64Encoded: String(authorization.dropFirst(6))).map({
                    String(decoding: $0, as: UTF8.self)
                })
            else { return false }
            let parts = decoded.split(separator: ":", maxSplits: 1).map {
                String($0).removingPercentEncoding ?? ""
            }
            return parts == [clientID, secret] && form["client_secret"] == nil
        case .post(let secret):
            return form["client_id"] == clientID && form["client_secret"] == secret
                && authorization == nil
        case .appleSigned(let teamID, let keys):
            guard form["client_id"] == clientID, let secret = form["client_secret"],
                let claims = try? await keys.verify(secret, as: AppleSecretClaims.self)
            else { return false }
            return claims.iss == teamID && claims.sub == clientID
                && claims.aud == "https://appleid.apple.com"
        }
    }
}

/// The claims Apple checks in a client secret.
struct AppleSecretClaims: JWTPayload {
    let iss: String
    let sub: String
    let aud: String
    let iat: Int
    let exp: Int

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// A real OpenID provider on 127.0.0.1 (random port): discovery, JWKS and a token endpoint.
struct TestProvider: Sendable {
    let base: String
    let state: ProviderState

    var issuer: URL { URL(string: base)! }

    func provider(clientSecret: OIDCProvider.ClientSecret = .none, kind: OIDCProvider.Kind = .generic)
        -> OIDCProvider
    {
        OIDCProvider(
            id: "test", kind: kind, displayName: "Test", issuer: issuer, clientID: "airfit-test",
            clientSecret: clientSecret,
            scopes: ["openid", "email"], responseMode: nil)
    }

    /// Runs `body` with a provider serving on a fresh port; the server stops afterwards.
    static func with(_ body: @Sendable (TestProvider) async throws -> Void) async throws {
        let state = ProviderState()
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let baseBox = BaseBox()
        let router = Router()
        router.get("/.well-known/openid-configuration") { _, _ in
            json(await state.discovery(base: baseBox.value))
        }
        router.get("/jwks") { _, _ in json(await state.keySet()) }
        router.post("/token") { request, _ in
            let buffer = try await request.body.collect(upTo: 64 * 1024)
            let (status, body) = await state.token(
                form: parseForm(String(buffer: buffer)), authorization: request.headers[.authorization])
            return json(body, status: status)
        }
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: quietLogger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            baseBox.value = "http://127.0.0.1:\(port)"
            defer { group.cancelAll() }
            try await body(TestProvider(base: baseBox.value, state: state))
        }
    }

    /// Cancelling the server at the end of a test logs shutdown noise at error level; only critical lines are kept.
    static let quietLogger: Logger = {
        var logger = Logger(label: "test-provider")
        logger.logLevel = .critical
        return logger
    }()

    static func parseForm(_ body: String) -> [String: String] {
        var form: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            form[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return form
    }

    private static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// The server's base URL, known only once the port is bound.
final class BaseBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""
    var value: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
