import AirFitCore
import AirFitPush
import AsyncHTTPClient
import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

/// Settings → Notifications' push devices: the permission row, subscribing this browser, the device list.
@Suite("Push devices in Settings → Notifications")
struct PushDeviceRouteTests {
    /// Web Push set up with a fresh key; nothing is sent in these tests.
    static func installation() -> TestInstallation {
        var installation = TestInstallation()
        let key = VAPIDKey()
        installation.push = PushSetup(
            key: key, sender: WebPushSender(client: HTTPClient.shared, vapid: key, subject: "mailto:ops@example.com"),
            policy: PushEndpointPolicy())
        return installation
    }

    /// A browser's subscription fields for `endpoint`.
    static func subscription(_ endpoint: String = "https://fcm.googleapis.com/fcm/send/device-\(UUID().uuidString)") -> [(String, String)] {
        let key = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        return [
            ("endpoint", endpoint), ("p256dh", Base64URL.encode(key.publicKey.x963Representation)), ("auth", Base64URL.encode(auth)),
        ]
    }

    @Test("The page has the permission row and the iPhone note; without push set up it says everything goes to the inbox")
    func pageWithoutPush() async throws {
        try await TestInstallation().app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let page = text(try await web.get("/settings/notifications").body)
            #expect(page.contains(#"data-testid="notifications.permission""#))
            #expect(page.contains("Add to Home Screen"))
            #expect(page.contains("This server doesn't send push notifications"))
            #expect(!page.contains(#"data-testid="notifications.pushEnable""#))
            #expect(try await web.get("/push/key").status == .notFound)
        }
    }

    @Test("Subscribing this browser lists it by name; removing it takes it off; the key is the server's VAPID key")
    func subscribeAndRemove() async throws {
        let installation = Self.installation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let empty = text(try await web.get("/settings/notifications").body)
            #expect(empty.contains(#"data-testid="notifications.pushEnable""#) && empty.contains(#"data-testid="notifications.noDevices""#))
            #expect(text(try await web.get("/push/key").body) == #"{"publicKey":"\#(try #require(installation.push).publicKey)"}"#)
            let saved = try await web.post("/settings/notifications/devices", Self.subscription())
            #expect(saved.status == .seeOther || saved.status == .found)
            let user = try #require(try await installation.repository.users().first)
            let device = try #require(try await installation.repository.pushDevices(userID: user.id).first)
            let page = text(try await web.get("/settings/notifications").body)
            #expect(occurrences(of: #"data-testid="notifications.device""#, in: page) == 1)
            #expect(!page.contains(device.endpoint), "the endpoint is a capability: never shown")
            let removed = try await web.post("/settings/notifications/devices/\(device.id.uuidString)/remove", [])
            #expect(removed.headers[.location] == "/settings/notifications?removed=1")
            #expect(try await installation.repository.pushDevices(userID: user.id).isEmpty)
        }
    }

    @Test(
        "A subscription that can't be used, or on a push service AirFit doesn't send to, is refused by name and nothing is stored",
        arguments: [
            ([("endpoint", "https://fcm.googleapis.com/x"), ("p256dh", "AAAA"), ("auth", "AAAA")], "keys.p256dh"),
            (Self.subscription("https://evil.example/push/1"), "isn't one AirFit sends to"),
            (Self.subscription("http://127.0.0.1:9/push/1"), "isn't one AirFit sends to"),
            (Self.subscription("not a url"), "endpoint"),
        ])
    func refused(fields: [(String, String)], message: String) async throws {
        let installation = Self.installation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/notifications")
            let answer = try await web.post("/settings/notifications/devices", fields)
            #expect(answer.status == .unprocessableContent)
            #expect(text(answer.body).contains(message))
            let user = try #require(try await installation.repository.users().first)
            #expect(try await installation.repository.pushDevices(userID: user.id).isEmpty)
        }
    }

    @Test("Another member's device can't be removed")
    func othersDevice() async throws {
        let installation = Self.installation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let other = User(name: "Bo")
            try await installation.repository.createUser(other)
            let theirs = PushDevice(
                userID: other.id, endpoint: "https://fcm.googleapis.com/fcm/send/bo", p256dh: "x", auth: "y", name: "Bo's phone",
                createdAt: Date())
            try await installation.repository.savePushDevice(theirs)
            try await web.get("/settings/notifications")
            #expect(try await web.post("/settings/notifications/devices/\(theirs.id.uuidString)/remove", []).status == .notFound)
            #expect(try await installation.repository.pushDevices(userID: other.id).count == 1)
        }
    }
}
