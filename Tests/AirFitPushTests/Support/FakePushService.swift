import AirFitCore
import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// A setup problem that must fail a test rather than skip it.
struct PushTestSetupError: Error, CustomStringConvertible {
    let description: String
}

/// The fake browser push service, `Tests/Push/fake_push_service.py` (Python with `http_ece`), on 127.0.0.1: it checks
/// each message's VAPID token and decrypts it with the subscriber's keys, made here in the test.
final class FakePushService: @unchecked Sendable {
    static let pythonVariable = "AIRFIT_TEST_PYTHON"

    let port: Int
    private let process: Process
    private let input: Pipe

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

    /// The Python named by `AIRFIT_TEST_PYTHON`; without it a skipped case, or a failed one under `CI=true`.
    static func python(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let python = environment[pythonVariable], !python.isEmpty { return python }
        if environment["CI"] == "true" {
            throw PushTestSetupError(
                description: "\(pythonVariable) is not set, but CI=true requires the push service cases to run "
                    + "(scripts/test.sh exports it: a Python with http_ece).")
        }
        try Test.cancel(
            Comment(rawValue: "Push service case skipped: \(pythonVariable) is not set (a Python with http_ece runs it)."))
    }

    /// Starts the service on a thread of its own (waiting for its port must not hold a shared test thread).
    static func start() async throws -> FakePushService {
        let python = try Self.python()
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try FakePushService(python: python) }) }
        }
    }

    private init(python: String) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Push/fake_push_service.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        let handle = output.fileHandleForReading
        while let byte = try handle.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            throw PushTestSetupError(description: "the fake push service did not start (is http_ece installed for \(python)?): \(text)")
        }
        self.port = port
    }

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
        guard response.status.code == 204 else { throw PushTestSetupError(description: "registering a subscriber: \(response.status)") }
    }

    /// What the service has received so far.
    func received() async throws -> [Received] {
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: "http://127.0.0.1:\(port)/received"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        return try JSONDecoder().decode([Received].self, from: Data(body.readableBytesView))
    }

    /// Stops the service (closing its stdin ends it).
    func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
        Thread.detachNewThread { [process] in process.waitUntilExit() }
    }
}
