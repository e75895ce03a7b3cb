import AirFitCore
import AsyncHTTPClient
import Foundation
import Logging
import Testing

@testable import AirFitPush

/// Notifications from the queue to a browser: the dispatcher delivers, the Web Push channel encrypts and signs, and a
/// fake push service (Python, `http_ece`) verifies the VAPID token and decrypts what a browser would read.
@Suite("Web Push delivery through a fake push service")
struct WebPushDeliveryTests {
    static let logger = Logger(label: "airfit.push-tests")

    /// A member reachable at any hour, and one notification due now.
    static func setUp(now: Date) async throws -> (InMemoryStore, User, CoachNotification) {
        let store = InMemoryStore()
        var user = User(name: "Ana", timeZone: "Europe/Berlin")
        user.quietHours.enabled = false
        try await store.createUser(user)
        let note = CoachNotification(
            userID: user.id, category: .achievements, title: "New personal best", body: "Squat 100 kg. Brilliant work!",
            link: "/progress", dueAt: now, dedupeKey: "achievements:squat-100", createdAt: now)
        try await store.scheduleNotification(note)
        return (store, user, note)
    }

    static func dispatch(_ store: InMemoryStore, now: Date, client: HTTPClient, policy: PushEndpointPolicy) async throws -> DispatchReport {
        let sender = WebPushSender(client: client, vapid: VAPIDKey(), subject: "mailto:ops@example.com", now: { now })
        let channel = WebPushChannel(devices: store, sender: sender, policy: policy, logger: logger)
        return try await NotificationDispatcher(queue: store, members: StoreNotificationMembers(repository: store), channels: [channel])
            .runDue(now: now)
    }

    static func device(_ user: User, _ subscriber: FakePushService.Subscriber, endpoint: String) -> PushDevice {
        PushDevice(
            userID: user.id, endpoint: endpoint, p256dh: subscriber.p256dh, auth: subscriber.authText, name: "Chrome on Linux",
            createdAt: Date())
    }

    @Test("The browser receives exactly the notification: VAPID checked (ES256, aud, exp within 24 h, sub) and the payload decrypted")
    func delivered() async throws {
        let service = try await FakePushService.start()
        defer { service.stop() }
        let now = Date()
        let (store, user, note) = try await Self.setUp(now: now)
        let subscriber = FakePushService.Subscriber()
        try await service.register(subscriber)
        try await store.savePushDevice(Self.device(user, subscriber, endpoint: service.endpoint(subscriber)))
        let client = WebPushSenderTests.client()
        let report = try await Self.dispatch(store, now: now, client: client, policy: PushEndpointPolicy(allowsLoopback: true))
        try await client.shutdown()
        #expect(report.delivered == 1)
        let received = try await service.received()
        #expect(received.count == 1)
        let message = try #require(received.first)
        #expect(message.error == nil && message.status == 201)
        #expect(message.sub == "mailto:ops@example.com")
        #expect(message.ttl == "86400" && message.urgency == "normal" && message.topic == "achievements")
        #expect(
            message.payload == [
                "id": note.id.uuidString.lowercased(), "title": "New personal best", "body": "Squat 100 kg. Brilliant work!",
                "url": "/progress", "tag": "achievements",
            ])
        #expect(try await store.pushDevices(userID: user.id).count == 1)
    }

    @Test("A browser that unsubscribed (410 from its push service) is removed; the notification stays in the inbox")
    func goneRemoved() async throws {
        let service = try await FakePushService.start()
        defer { service.stop() }
        let now = Date()
        let (store, user, _) = try await Self.setUp(now: now)
        let gone = FakePushService.Subscriber()
        let kept = FakePushService.Subscriber()
        try await service.register(gone, status: 410)
        try await service.register(kept)
        try await store.savePushDevice(Self.device(user, gone, endpoint: service.endpoint(gone)))
        try await store.savePushDevice(Self.device(user, kept, endpoint: service.endpoint(kept)))
        let client = WebPushSenderTests.client()
        _ = try await Self.dispatch(store, now: now, client: client, policy: PushEndpointPolicy(allowsLoopback: true))
        try await client.shutdown()
        #expect(try await service.received().map(\.status).sorted() == [201, 410])
        #expect(try await store.pushDevices(userID: user.id).map(\.endpoint) == [service.endpoint(kept)])
        #expect(try await store.inbox(userID: user.id, limit: 5).count == 1)
    }

    @Test("A device on a push service AirFit doesn't send to gets nothing and is removed")
    func policyRefuses() async throws {
        let service = try await FakePushService.start()
        defer { service.stop() }
        let now = Date()
        let (store, user, _) = try await Self.setUp(now: now)
        let subscriber = FakePushService.Subscriber()
        try await service.register(subscriber)
        try await store.savePushDevice(Self.device(user, subscriber, endpoint: service.endpoint(subscriber)))
        let client = WebPushSenderTests.client()
        _ = try await Self.dispatch(store, now: now, client: client, policy: PushEndpointPolicy())
        try await client.shutdown()
        #expect(try await service.received().isEmpty)
        #expect(try await store.pushDevices(userID: user.id).isEmpty)
    }

    @Test(
        "The endpoint policy takes the browsers' push services over https, and loopback only when allowed",
        arguments: [
            ("https://fcm.googleapis.com/fcm/send/abc", false, true), ("https://updates.push.services.mozilla.com/wpush/v2/x", false, true),
            ("https://web.push.apple.com/QO", false, true), ("https://wns2-db5p.notify.windows.com/w/?token=x", false, true),
            ("http://fcm.googleapis.com/fcm/send/abc", false, false), ("https://evil.example/push", false, false),
            ("https://fcm.googleapis.com.evil.example/x", false, false), ("http://127.0.0.1:9/push/x", false, false),
            ("http://127.0.0.1:9/push/x", true, true), ("https://169.254.169.254/latest", true, false),
        ])
    func policy(endpoint: String, loopback: Bool, allowed: Bool) throws {
        #expect(PushEndpointPolicy(allowsLoopback: loopback).allows(try #require(URL(string: endpoint))) == allowed)
    }
}
