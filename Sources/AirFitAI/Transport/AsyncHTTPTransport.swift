public import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// ``HTTPTransport`` on async-http-client.
public struct AsyncHTTPTransport: HTTPTransport {
    private let client: HTTPClient

    /// Creates a transport on `client` (by default a process-wide fail-fast client; the caller owns any other).
    public init(client: HTTPClient = AsyncHTTPTransport.failFastClient) {
        self.client = client
    }

    /// A client that reports a refused connection at once instead of retrying until the deadline, so a
    /// person learns in seconds that a provider is unreachable. It lives as long as the process.
    public static let failFastClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        // Everyone on one server talks to the same few provider hosts, and a streamed reply holds its HTTP/1
        // connection for its whole length: the library's default of 8 per host made the 200-stream load test
        // queue replies for up to a minute (scripts/load-chat.sh). HTTPS providers multiplex over HTTP/2.
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 512
        configuration.timeout.connect = .seconds(10)
        // A provider answer that redirects is an error, never followed: the key would travel with the request.
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    public func send(_ request: ProviderHTTPRequest, headTimeout: Duration) async throws(TransportError) -> HTTPTransportResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        let response: HTTPClientResponse
        do {
            let seconds = max(1, Int64(headTimeout.components.seconds))
            response = try await client.execute(outgoing, timeout: .seconds(seconds))
        } catch {
            throw Self.map(error)
        }
        let body = response.body
        return HTTPTransportResponse(
            status: Int(response.status.code), headers: response.headers.map { HTTPHeaderField($0.name, $0.value) },
            body: HTTPBodyStream {
                var iterator = body.makeAsyncIterator()
                return HTTPBodyStream.AsyncIterator {
                    do {
                        return try await iterator.next().map { Array($0.readableBytesView) }
                    } catch {
                        throw Self.map(error, afterHead: true)
                    }
                }
            })
    }

    /// Maps client errors to ``TransportError`` without any request detail (URLs and headers may hold keys).
    static func map(_ error: any Error, afterHead: Bool = false) -> TransportError {
        if error is CancellationError { return .cancelled }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout: return afterHead ? .connectionLost("read timed out") : .timedOut
            case .cancelled: return .cancelled
            default: break
            }
        }
        let text = "\(type(of: error)): \(String(describing: error).prefix(200))"
        return afterHead ? .connectionLost(text) : .connectionFailed(text)
    }
}
