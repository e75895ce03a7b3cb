/// Timeouts, retry policy, concurrency and byte limits for AI requests.
public struct ServiceConfiguration: Sendable, Hashable {
    /// Wait for the response head of a chat request, and the longest silence inside its stream.
    public var aiTimeout: Duration = .seconds(60)
    /// The longest a whole streamed answer may take, from sending the request to its last byte, retries
    /// included; a stream still running then ends with ``ServiceError/responseTooLong(limit:)``.
    public var maxResponseDuration: Duration = .seconds(600)
    /// Wait for any other request (model listing, key tests, health checks).
    public var requestTimeout: Duration = .seconds(30)
    /// Attempts in all, including the first.
    public var maxAttempts = 3
    /// The first backoff delay; each retry doubles it, plus up to 30 % jitter.
    public var initialRetryDelay: Duration = .seconds(1)
    /// The longest backoff or `Retry-After` delay honoured; a longer `Retry-After` is reported instead.
    public var maxRetryDelay: Duration = .seconds(30)
    /// Requests in flight at once per provider and account (each key; a keyless address is one account).
    public var maxConcurrentRequestsPerProvider = 5
    /// Byte limits for streams.
    public var streamLimits: StreamLimits = .default
    /// Largest error body read, in bytes.
    public var maxErrorBodyBytes = 64 * 1024

    /// The defaults: 60 s AI timeout, 10 min per answer, 30 s otherwise, 3 attempts, 5 concurrent requests
    /// per provider.
    public init() {}

    /// The backoff before retry number `retry` (0-based): doubling from the initial delay, with jitter, capped.
    public func backoff(retry: Int, jitter: Double = Double.random(in: 0...0.3)) -> Duration {
        let (seconds, attoseconds) = initialRetryDelay.components
        let baseMillis = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        let millis = baseMillis * Double(1 << min(retry, 20)) * (1 + jitter)
        return min(.milliseconds(Int64(millis)), maxRetryDelay)
    }
}
