import AirFitCore
import AirFitTestSupport
import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// The fake browser push service, `Tests/Push/fake_push_service.py` (Python with `http_ece`), on 127.0.0.1: it checks
/// each message's VAPID token and decrypts it with the subscriber's keys, made here in the test.
final class FakePushService: Sendable {
    private let server: PythonServer
    var port: Int { server.port }

    /// One message the service accepted or refused.
    struct Received: Decodable, Sendable {
        let subscriber: String
        let status: Int
        let ttl: String?
        let urgency: String?
        let topic: String?
        let sub: String?
        let error: String?
        let payload: [String: String]?
    }

    /// A browser's keys: the service gets the private half to decrypt, AirFit the public half to encrypt.
    struct Subscriber: Sendable {
        let id: String
        let key = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })

        init(id: String = UUID().uuidString.lowercased()) { self.id = id }

        var p256dh: String { Base64URL.encode(key.publicKey.x963Representation) }
        var authText: String { Base64URL.encode(auth) }
    }

    /// Starts the service (a skipped case without `AIRFIT_TEST_PYTHON`, a failed one under `CI=true`).
    static func start() async throws -> FakePushService {
        let python = try PythonServer.python(for: "push service", with: "http_ece")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Push/fake_push_service.py")
        return FakePushService(server: try await PythonServer.start(python: python, script: script, name: "fake push service"))
    }

    private init(server: PythonServer) { self.server = server }

    /// The subscription endpoint for `subscriber`.
    func endpoint(_ subscriber: Subscriber) -> String { "http://127.0.0.1:\(port)/push/\(subscriber.id)" }

    /// Tells the service about `subscriber`; `status` is what it answers their messages with (410: gone).
    func register(_ subscriber: Subscriber, status: Int = 201) async throws {
        let body: [String: Any] = [
            "id": subscriber.id, "private_key": Base64URL.encode(subscriber.key.rawRepresentation), "auth": subscriber.authText,
            "status": status,
        ]
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/subscribers")
        request.method = .POST
        request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        guard response.status.code == 204 else { throw PythonServerError(description: "registering a subscriber: \(response.status)") }
    }

    /// What the service has received so far.
    func received() async throws -> [Received] {
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: "http://127.0.0.1:\(port)/received"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        return try JSONDecoder().decode([Received].self, from: Data(body.readableBytesView))
    }

    /// Stops the service.
    func stop() { server.stop() }
}
