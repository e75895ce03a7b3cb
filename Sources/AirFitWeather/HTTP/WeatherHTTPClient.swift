public import Foundation

/// A GET request to a weather provider.
public struct WeatherHTTPRequest: Sendable {
    /// The full URL, query included (it may hold an API key: never log it unredacted).
    public var url: URL
    /// Extra request headers.
    public var headers: [(name: String, value: String)]
    /// How long the whole exchange, body included, may take.
    public var timeout: Duration
    /// The largest body accepted; a longer one fails the request.
    public var maxBodyBytes: Int

    /// Creates a request with the defaults the providers use: 30 s and 2 MiB.
    public init(
        url: URL, headers: [(name: String, value: String)] = [], timeout: Duration = .seconds(30),
        maxBodyBytes: Int = 2 * 1024 * 1024
    ) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }
}

/// What came back from a provider.
public struct WeatherHTTPResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Response headers in the order received.
    public var headers: [(name: String, value: String)]
    /// The whole body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header with this name, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// The transport seam: providers make GET requests through this and nothing else.
///
/// Implementations must enforce `timeout` and `maxBodyBytes`, let task cancellation reach the socket,
/// and throw ``WeatherTransportError`` whose messages never contain the request's query string.
public protocol WeatherHTTPClient: Sendable {
    /// Performs a GET and collects the body.
    /// - Throws: ``WeatherTransportError`` when no complete response arrives; `CancellationError` when cancelled.
    func get(_ request: WeatherHTTPRequest) async throws -> WeatherHTTPResponse
}

/// Why a request produced no response.
public enum WeatherTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No complete answer within the timeout.
    case timedOut(Duration)
    /// The connection could not be made or broke (refused, DNS, TLS, reset).
    case connectionFailed(String)
    /// The body was larger than allowed.
    case bodyTooLarge(limit: Int)

    public var description: String {
        switch self {
        case .timedOut(let timeout): "no answer within \(Self.seconds(timeout)) s"
        case .connectionFailed(let reason): reason
        case .bodyTooLarge(let limit): "the response was larger than \(limit) bytes"
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
