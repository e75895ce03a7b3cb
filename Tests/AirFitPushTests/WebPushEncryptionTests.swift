import AirFitCore
import Crypto
import Foundation
import Testing

@testable import AirFitPush

@Suite("Web Push message encryption (RFC 8291)")
struct WebPushEncryptionTests {
    /// RFC 8291 §5's example (its output was checked against the `http_ece` Python package as well).
    enum Example {
        static let plaintext = "When I grow up, I want to be a watermelon"
        static let serverPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
        static let browserPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
        static let browserPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
        static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
        static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
        static let body =
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
    }

    static func bytes(_ text: String) throws -> Data { try #require(Base64URL.decode(text)) }

    @Test("The RFC's example message encrypts to the RFC's exact bytes, and decrypts back")
    func rfcExample() throws {
        let subscription = try PushSubscription(
            endpoint: "https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV", p256dh: Example.browserPublic, auth: Example.auth)
        let server = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(Example.serverPrivate))
        let body = try WebPushEncryption.encrypt(
            Data(Example.plaintext.utf8), for: subscription, serverKey: server, salt: Self.bytes(Example.salt))
        #expect(Base64URL.encode(body) == Example.body)
        let browser = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes(Example.browserPrivate))
        let opened = try WebPushEncryption.decrypt(Self.bytes(Example.body), browserKey: browser, auth: Self.bytes(Example.auth))
        #expect(String(decoding: opened, as: UTF8.self) == Example.plaintext)
    }

    @Test("Each message has its own key and salt; only the subscribed browser can read it, and a changed byte is refused")
    func freshKeysAndTampering() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let auth = WebPushEncryption.randomSalt()
        let subscription = try PushSubscription(
            endpoint: "https://fcm.googleapis.com/fcm/send/abc", p256dh: Base64URL.encode(browser.publicKey.x963Representation),
            auth: Base64URL.encode(auth))
        let message = Data(#"{"title":"Time for your check-in","url":"/log"}"#.utf8)
        let first = try WebPushEncryption.encrypt(message, for: subscription)
        let second = try WebPushEncryption.encrypt(message, for: subscription)
        #expect(first != second && first.prefix(16) != second.prefix(16))
        #expect(try WebPushEncryption.decrypt(first, browserKey: browser, auth: auth) == message)
        #expect(throws: PushError.self) { try WebPushEncryption.decrypt(first, browserKey: P256.KeyAgreement.PrivateKey(), auth: auth) }
        var tampered = first
        tampered[tampered.count - 20] ^= 0x01
        #expect(throws: PushError.unreadable("the authentication tag does not match")) {
            try WebPushEncryption.decrypt(tampered, browserKey: browser, auth: auth)
        }
    }

    @Test("A message too large for one push is refused with the limit; the largest that fits makes a 4096-byte body")
    func sizeLimit() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let subscription = try PushSubscription(
            endpoint: "https://push.example.net/x", p256dh: Base64URL.encode(browser.publicKey.x963Representation),
            auth: Base64URL.encode(Data(repeating: 7, count: 16)))
        let largest = Data(repeating: 0x41, count: WebPushEncryption.maximumPlaintext)
        #expect(try WebPushEncryption.encrypt(largest, for: subscription).count == 4096)
        #expect(throws: PushError.tooLarge(bytes: largest.count + 1, limit: WebPushEncryption.maximumPlaintext)) {
            try WebPushEncryption.encrypt(largest + [0x41], for: subscription)
        }
    }

    @Test(
        "A subscription the browser could not have made is refused, naming the field",
        arguments: [
            ("ftp://push.example.net/x", WebPushEncryptionTests.Example.browserPublic, WebPushEncryptionTests.Example.auth, "endpoint"),
            ("http://push.example.net/x", WebPushEncryptionTests.Example.browserPublic, WebPushEncryptionTests.Example.auth, "endpoint"),
            ("https://push.example.net/x", "BCVxsr7N", WebPushEncryptionTests.Example.auth, "p256dh"),
            ("https://push.example.net/x", WebPushEncryptionTests.Example.browserPublic, "AAAA", "auth"),
        ])
    func invalidSubscriptions(endpoint: String, p256dh: String, auth: String, field: String) {
        #expect {
            try PushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth)
        } throws: { error in
            (error as? PushError)?.errorDescription?.contains(field) == true
        }
    }

    @Test("A loopback http endpoint (a local test push service) is accepted, and its origin is the token's audience")
    func loopbackAudience() throws {
        let subscription = try PushSubscription(
            endpoint: "http://127.0.0.1:8931/push/1", p256dh: Example.browserPublic, auth: Example.auth)
        #expect(subscription.audience == "http://127.0.0.1:8931")
    }
}
