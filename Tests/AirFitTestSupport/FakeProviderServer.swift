import Foundation
import Hummingbird
import Logging

/// A real HTTP server on 127.0.0.1 that streams scripted provider replies, with fault modes.
///
/// Each path has a queue of replies; the last one repeats. Unknown paths answer 404 naming the path.
public final class FakeProviderServer: Sendable {
    /// How a reply's body ends.
    public enum Ending: Sendable {
        /// Normally.
        case complete
        /// The connection is dropped without ending the body.
        case drop
        /// The server stops sending but keeps the connection open.
        case hang
        /// The server sends this chunk forever.
        case endless(String)
    }

    /// One scripted reply.
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var chunks: [String]
        public var delayBeforeHead: Duration?
        public var delayBetweenChunks: Duration?
        public var ending: Ending
        public var contentType: String

        /// Creates a reply; by default a complete 200 event stream.
        public init(
            status: Int = 200, headers: [String: String] = [:], chunks: [String] = [], delayBeforeHead: Duration? = nil,
            delayBetweenChunks: Duration? = nil, ending: Ending = .complete, contentType: String = "text/event-stream"
        ) {
            self.status = status
            self.headers = headers
            self.chunks = chunks
            self.delayBeforeHead = delayBeforeHead
            self.delayBetweenChunks = delayBetweenChunks
            self.ending = ending
            self.contentType = contentType
        }
    }

    /// One recorded request.
    public struct Recorded: Sendable {
        public var path: String
        /// The raw query string ("name=Berlin&count=5"), empty when there is none.
        public var query: String
        public var headers: [String: String]
        public var body: String
        /// The body's exact bytes (binary bodies, such as encrypted push messages).
        public var bytes: [UInt8]
    }

    private struct State {
        var replies: [String: [Reply]] = [:]
        public var requests: [Recorded] = []
    }

    private let state = Locked(State())
    public let port: Int
    private let task: Task<Void, any Error>

    /// "http://127.0.0.1:PORT".
    public var root: String { "http://127.0.0.1:\(port)" }

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    /// Starts a server on a free port.
    public static func start() async throws -> FakeProviderServer {
        let box = Locked<FakeProviderServer?>(nil)
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            guard let server = box.value else { return Response(status: .serviceUnavailable) }
            return try await server.respond(to: request)
        }
        var logger = Logger(label: "fake-provider")
        logger.logLevel = .critical
        let app = Application(
            responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "FakeProvider"),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            }, logger: logger)
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = portStream.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw FakeProviderError.didNotStart
        }
        let server = FakeProviderServer(port: port, task: task)
        box.set(server)
        return server
    }

    /// Answers `path` with `replies` in turn; the last repeats.
    public func script(_ path: String, _ replies: [Reply]) {
        state.update { $0.replies[path] = replies }
    }

    /// Every request so far.
    public var requests: [Recorded] { state.value.requests }

    /// How many requests reached `path`.
    public func hits(_ path: String) -> Int { requests.filter { $0.path == path }.count }

    /// Stops the server.
    public func stop() async {
        task.cancel()
        _ = await task.result
    }

    private func respond(to request: Request) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: 1 << 20)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let recorded = Recorded(
            path: request.uri.path, query: request.uri.query ?? "", headers: headers, body: String(buffer: body),
            bytes: Array(body.readableBytesView))
        let reply = state.update { state -> Reply? in
            state.requests.append(recorded)
            guard var queue = state.replies[recorded.path], let first = queue.first else { return nil }
            if queue.count > 1 {
                queue.removeFirst()
                state.replies[recorded.path] = queue
            }
            return first
        }
        guard let reply else {
            return Response(
                status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error":"no route for \#(recorded.path)"}"#)))
        }
        if let delay = reply.delayBeforeHead { try await Task.sleep(for: delay) }
        var fields = HTTPFields()
        fields[.contentType] = reply.contentType
        for (name, value) in reply.headers {
            if let field = HTTPFields.Element.Name(name) { fields[field] = value }
        }
        return Response(
            status: HTTPResponse.Status(code: reply.status), headers: fields,
            body: ResponseBody { writer in
                for chunk in reply.chunks {
                    if let delay = reply.delayBetweenChunks { try await Task.sleep(for: delay) }
                    try await writer.write(ByteBuffer(string: chunk))
                }
                switch reply.ending {
                case .complete: try await writer.finish(nil)
                case .drop: throw FakeProviderError.dropped
                case .hang: try await Task.sleep(for: .seconds(3600))
                case .endless(let chunk):
                    // Paced so the flood does not starve the event loops the other tests share.
                    while true {
                        try await writer.write(ByteBuffer(string: chunk))
                        try await Task.sleep(for: .milliseconds(1))
                    }
                }
            })
    }
}

public enum FakeProviderError: Error { case didNotStart, dropped }

/// Runs `body` with a fresh fake provider server and always stops it.
public func withProviderServer<T>(_ body: (FakeProviderServer) async throws -> T) async throws -> T {
    let server = try await FakeProviderServer.start()
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
