import AirFitTestSupport
import Foundation
import Hummingbird
import Logging

/// A real HTTP server on 127.0.0.1 that answers like a weather provider, for one test.
///
/// Routes are closures from the request to a reply; every request is recorded. A path with no route answers
/// 404 with a body naming it, so a test that calls an endpoint it did not set up fails loudly.
final class FakeWeatherServer: Sendable {
    /// One recorded request.
    struct Recorded: Sendable {
        var path: String
        var query: [String: String]
    }

    /// What to answer.
    struct Reply: Sendable {
        var status: Int = 200
        var body: String
        var headers: [String: String] = [:]
        /// Wait this long before answering (timeouts).
        var delay: Duration? = nil
    }

    typealias Route = @Sendable (Recorded) -> Reply

    private let state = Locked(State())
    private struct State {
        var routes: [String: Route] = [:]
        var requests: [Recorded] = []
    }

    /// The server's base URL once running ("http://127.0.0.1:PORT").
    let baseURL: URL
    let port: Int
    private let task: Task<Void, any Error>

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
        self.task = task
    }

    /// Starts a server on a free port with no routes.
    static func start() async throws -> FakeWeatherServer {
        let box = Locked<FakeWeatherServer?>(nil)
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            guard let server = box.value else { return Response(status: .serviceUnavailable) }
            return try await server.respond(to: request)
        }
        let app = Application(
            responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "FakeWeather"),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: {
                var logger = Logger(label: "fake-weather")
                logger.logLevel = .critical
                return logger
            }())
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = portStream.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw FakeServerError.didNotStart
        }
        let server = FakeWeatherServer(port: port, task: task)
        box.set(server)
        return server
    }

    /// Answers `path` with `route` from now on.
    func route(_ path: String, _ route: @escaping Route) {
        state.update { $0.routes[path] = route }
    }

    /// Answers `path` always with the same reply.
    func route(_ path: String, status: Int = 200, body: String, headers: [String: String] = [:], delay: Duration? = nil) {
        let reply = Reply(status: status, body: body, headers: headers, delay: delay)
        route(path) { _ in reply }
    }

    /// Every request so far.
    var requests: [Recorded] { state.value.requests }

    /// How many requests reached `path`.
    func hits(_ path: String) -> Int { requests.filter { $0.path == path }.count }

    /// Stops the server; requests afterwards are refused.
    func stop() async {
        task.cancel()
        _ = await task.result
    }

    private func respond(to request: Request) async throws -> Response {
        let components = URLComponents(string: "http://host\(request.uri.description)")
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let recorded = Recorded(path: request.uri.path, query: query)
        let route = state.update { state -> Route? in
            state.requests.append(recorded)
            return state.routes[recorded.path]
        }
        let reply = route?(recorded) ?? Reply(status: 404, body: #"{"fake":"no route for \#(recorded.path)"}"#)
        if let delay = reply.delay { try await Task.sleep(for: delay) }
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        for (name, value) in reply.headers {
            if let field = HTTPFields.Element.Name(name) { headers[field] = value }
        }
        return Response(
            status: HTTPResponse.Status(code: reply.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: reply.body)))
    }
}

enum FakeServerError: Error { case didNotStart }

/// Runs `body` with a fresh fake server and always stops it.
func withFakeServer<T>(_ body: (FakeWeatherServer) async throws -> T) async throws -> T {
    let server = try await FakeWeatherServer.start()
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
