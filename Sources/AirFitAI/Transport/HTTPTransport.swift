/// Sends one HTTP request and hands back the status, headers and a streaming body.
///
/// Rules every implementation keeps: `send` returns once the response head arrives (or throws
/// ``TransportError``); the body is read lazily; cancelling the task that reads the body cancels the
/// request down to the socket; keys in headers are never logged.
public protocol HTTPTransport: Sendable {
    /// Sends `request`, waiting at most `headTimeout` for the response head.
    func send(_ request: ProviderHTTPRequest, headTimeout: Duration) async throws(TransportError) -> HTTPTransportResponse
}

/// A response whose body is still arriving.
public struct HTTPTransportResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The header fields.
    public var headers: [HTTPHeaderField]
    /// The body, chunk by chunk.
    public var body: HTTPBodyStream

    /// Creates a response.
    public init(status: Int, headers: [HTTPHeaderField], body: HTTPBodyStream) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// Why a request failed below HTTP.
public enum TransportError: Error, Sendable, Hashable {
    /// The connection could not be made (refused, DNS, TLS).
    case connectionFailed(String)
    /// The connection broke while the body was arriving.
    case connectionLost(String)
    /// No response head within the deadline.
    case timedOut
    /// The request was cancelled.
    case cancelled
}

/// A response body as an async sequence of byte chunks.
public struct HTTPBodyStream: AsyncSequence, Sendable {
    public typealias Element = [UInt8]

    private let make: @Sendable () -> AsyncIterator

    /// Creates a body from an iterator factory; the sequence may be iterated once.
    public init(_ make: @escaping @Sendable () -> AsyncIterator) {
        self.make = make
    }

    /// A body with fixed chunks, for tests and error bodies.
    public static func chunks(_ chunks: [[UInt8]]) -> HTTPBodyStream {
        HTTPBodyStream {
            var remaining = chunks[...]
            return AsyncIterator { remaining.popFirst() }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { make() }

    /// Reads the next chunk; `nil` at the end.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let nextChunk: () async throws -> [UInt8]?

        /// Creates an iterator from a closure returning the next chunk.
        public init(_ nextChunk: @escaping () async throws -> [UInt8]?) {
            self.nextChunk = nextChunk
        }

        public mutating func next() async throws -> [UInt8]? { try await nextChunk() }
    }

    /// Collects the body up to `limit` bytes, dropping the rest.
    public func collect(upTo limit: Int) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in self {
            bytes.append(contentsOf: chunk.prefix(Swift.max(0, limit - bytes.count)))
            if bytes.count >= limit { break }
        }
        return bytes
    }
}
