public import AsyncHTTPClient
import Foundation
public import Logging
import NIOCore
import NIOHTTP1

/// ``WeatherHTTPClient`` on async-http-client, with a deadline over the whole exchange and a body limit.
public struct AsyncHTTPWeatherClient: WeatherHTTPClient {
    private let client: HTTPClient
    private let logger: Logger

    /// Uses `client` (the process-wide shared client unless one is given); requests are logged redacted at debug level.
    ///
    /// The shared client retries failed connection attempts until the request's deadline, so a refused or
    /// unreachable host takes the whole timeout to fail; ``makeFailFastClient()`` does not.
    public init(client: HTTPClient = .shared, logger: Logger = Logger(label: "airfit.weather.http")) {
        self.client = client
        self.logger = logger
    }

    public func get(_ request: WeatherHTTPRequest) async throws -> WeatherHTTPResponse {
        do {
            return try await attempt(request)
        } catch let error as WeatherTransportError where error == Self.stalePooledConnection {
            // A kept-alive connection the server had already closed: a GET is safe to send once more, on a new one.
            return try await attempt(request)
        }
    }

    /// What a request on a pooled connection the server already closed fails with (retried once by ``get(_:)``).
    static let stalePooledConnection = WeatherTransportError.connectionFailed("the connection was closed before the request was sent")

    private func attempt(_ request: WeatherHTTPRequest) async throws -> WeatherHTTPResponse {
        let outgoing = Self.makeRequest(request)
        let redactedURL = URLRedactor.redact(request.url)
        logger.debug("Weather request", metadata: ["url": .string(redactedURL)])
        let timeout = request.timeout
        do {
            // The deadline given to execute covers only the response head, so the body is raced against the clock too.
            return try await withThrowingTaskGroup(of: WeatherHTTPResponse.self) { group in
                group.addTask {
                    let response = try await client.execute(outgoing, timeout: .nanoseconds(nanoseconds(timeout)))
                    let limit = request.maxBodyBytes
                    if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
                        throw WeatherTransportError.bodyTooLarge(limit: limit)
                    }
                    var body = Data()
                    for try await chunk in response.body {
                        guard body.count + chunk.readableBytes <= limit else { throw WeatherTransportError.bodyTooLarge(limit: limit) }
                        body.append(contentsOf: chunk.readableBytesView)
                    }
                    return WeatherHTTPResponse(
                        status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) }, body: body)
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw WeatherTransportError.timedOut(timeout)
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw WeatherTransportError.timedOut(timeout) }
                return first
            }
        } catch {
            let mapped = Self.map(error, timeout: timeout, url: request.url)
            logger.debug("Weather request failed", metadata: ["url": .string(redactedURL), "error": .string("\(mapped)")])
            throw mapped
        }
    }

    /// A client that reports a refused or failed connection at once instead of retrying until the deadline,
    /// so a person waits seconds, not the full 30, to learn the provider is unreachable. The caller shuts it down.
    public static func makeFailFastClient(connectTimeout: Duration = .seconds(10)) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .nanoseconds(nanoseconds(connectTimeout))
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    private static func makeRequest(_ request: WeatherHTTPRequest) -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .GET
        outgoing.headers.add(name: "Accept", value: "application/json")
        for header in request.headers {
            outgoing.headers.add(name: header.name, value: header.value)
        }
        return outgoing
    }

    /// Turns library errors into ``WeatherTransportError``s whose text cannot hold the query string.
    static func map(_ error: any Error, timeout: Duration, url: URL) -> any Error {
        if error is CancellationError || Task.isCancelled { return CancellationError() }
        if let error = error as? WeatherTransportError { return error }
        if let error = error as? ChannelError, error == .ioOnClosedChannel { return stalePooledConnection }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout,
                .getConnectionFromPoolTimeout:
                return WeatherTransportError.timedOut(timeout)
            case .cancelled:
                return CancellationError()
            case .remoteConnectionClosed:
                return WeatherTransportError.connectionFailed("the connection was closed before the answer arrived")
            default:
                break
            }
        }
        let text = "\(error)"
        if text.localizedCaseInsensitiveContains("refused") {
            return WeatherTransportError.connectionFailed("the connection was refused")
        }
        if text.localizedCaseInsensitiveContains("resolve") || text.localizedCaseInsensitiveContains("DNS") {
            return WeatherTransportError.connectionFailed("the host name \(url.host ?? "") could not be found")
        }
        return WeatherTransportError.connectionFailed(URLRedactor.redact(text))
    }
}

private func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
}
