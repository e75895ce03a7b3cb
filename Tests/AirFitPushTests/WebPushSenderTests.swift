import AirFitCore
import AirFitTestSupport
import AsyncHTTPClient
import Crypto
import Foundation
import JWTKit
import Testing

@testable import AirFitPush

@Suite("Sending Web Push messages")
struct WebPushSenderTests {
    struct Claims: JWTPayload {
        let aud: AudienceClaim
        let exp: ExpirationClaim
        let sub: SubjectClaim
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// A browser: its key pair and secret, and the subscription it would hand over for `endpoint`.
    struct Browser {
        let key = P256.KeyAgreement.PrivateKey()
        let auth = WebPushEncryption.randomSalt()

        func subscription(_ endpoint: String) throws -> PushSubscription {
            try PushSubscription(
                endpoint: endpoint, p256dh: Base64URL.encode(key.publicKey.x963Representation), auth: Base64URL.encode(auth))
        }
    }

    static func client() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    @Test("A push service receives an encrypted message only the browser can read, with a VAPID token for its own origin")
    func delivered() async throws {
        let browser = Browser()
        let vapid = VAPIDKey()
        let now = Date()
        try await withProviderServer { service in
            service.script("/push/device-1", [.init(status: 201, contentType: "text/plain")])
            let client = Self.client()
            let sender = WebPushSender(client: client, vapid: vapid, subject: "mailto:ops@example.com", now: { now })
            let payload = Data(#"{"title":"Time for your check-in","url":"/log"}"#.utf8)
            let outcome = try await sender.send(
                WebPushMessage(payload: payload, timeToLive: 3_600, urgency: .low, topic: "checkin"),
                to: try browser.subscription(service.root + "/push/device-1"))
            try await client.shutdown()
            #expect(outcome == .delivered)

            let request = try #require(service.requests.first)
            #expect(request.headers["content-encoding"] == "aes128gcm" && request.headers["ttl"] == "3600")
            #expect(request.headers["urgency"] == "low" && request.headers["topic"] == "checkin")
            #expect(try WebPushEncryption.decrypt(Data(request.bytes), browserKey: browser.key, auth: browser.auth) == payload)
            #expect(!request.body.contains("check-in"), "the push service sees only ciphertext")

            let authorization = try #require(request.headers["authorization"])
            let token = try #require(authorization.components(separatedBy: ", ").first?.replacingOccurrences(of: "vapid t=", with: ""))
            let keys = JWTKeyCollection()
            await keys.add(
                ecdsa: try ES256PublicKey(
                    backing: P256.Signing.PublicKey(x963Representation: try #require(Base64URL.decode(vapid.publicKey)))))
            let claims = try await keys.verify(token, as: Claims.self)
            #expect(claims.aud.value == [service.root] && claims.sub.value == "mailto:ops@example.com")
            #expect(claims.exp.value.timeIntervalSince(now) <= VAPIDKey.maximumLifetime)
        }
    }

    @Test(
        "What the push service answers decides what happens next: gone removes, a rate limit waits, a refusal is final",
        arguments: [
            (410, nil, WebPushOutcome.gone), (404, nil, .gone), (429, "120", .retryLater(afterSeconds: 120)),
            (503, "soon", .retryLater(afterSeconds: nil)), (413, nil, .refused(status: 413)), (403, nil, .refused(status: 403)),
        ] as [(Int, String?, WebPushOutcome)])
    func outcomes(status: Int, retryAfter: String?, expected: WebPushOutcome) async throws {
        let browser = Browser()
        try await withProviderServer { service in
            service.script(
                "/push/x", [.init(status: status, headers: retryAfter.map { ["Retry-After": $0] } ?? [:], contentType: "text/plain")])
            let client = Self.client()
            let sender = WebPushSender(client: client, vapid: VAPIDKey(), subject: "https://airfit.example.com")
            let outcome = try await sender.send(
                WebPushMessage(payload: Data("{}".utf8)), to: try browser.subscription(service.root + "/push/x"))
            try await client.shutdown()
            #expect(outcome == expected)
        }
    }

    @Test("A push service that can't be reached is tried again later, not an error")
    func unreachable() async throws {
        let client = Self.client()
        let sender = WebPushSender(client: client, vapid: VAPIDKey(), subject: "mailto:ops@example.com", timeoutSeconds: 2)
        let outcome = try await sender.send(
            WebPushMessage(payload: Data("{}".utf8)), to: try Browser().subscription("http://127.0.0.1:9/push"))
        try await client.shutdown()
        #expect(outcome == .retryLater(afterSeconds: nil))
    }

    @Test("Time to live and topic are kept within what push services take")
    func messageLimits() {
        #expect(WebPushMessage(payload: Data(), timeToLive: -5).timeToLive == 0)
        #expect(WebPushMessage(payload: Data(), timeToLive: 90 * 86_400).timeToLive == WebPushMessage.maximumTimeToLive)
        #expect(WebPushMessage(payload: Data(), topic: "daily check-in!").topic == nil)
        #expect(WebPushMessage(payload: Data(), topic: String(repeating: "a", count: 33)).topic == nil)
        #expect(WebPushMessage(payload: Data(), topic: "daily-checkin_1").topic == "daily-checkin_1")
    }
}
