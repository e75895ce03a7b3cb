public import Logging

/// Streams chat completions from any provider, with retries before the first byte, per-provider
/// concurrency limits, timeouts and byte limits.
///
/// Retries happen only before the first streamed byte: on 5xx, 408, timeouts and connection failures with
/// exponential backoff and jitter, and on 429 after the delay the provider asked for. Once bytes have
/// arrived, a failure ends the stream with ``ServiceError/streamingError(_:)`` or ``ServiceError/timeout``
/// and the events already delivered are the partial answer. A whole answer, retries included, may take at
/// most ``ServiceConfiguration/maxResponseDuration``; then the stream ends with
/// ``ServiceError/responseTooLong(limit:)``, also keeping the partial answer. Cancelling the consumer cancels
/// the request.
public struct AIClient: Sendable {
    let transport: any HTTPTransport
    private(set) var configuration: ServiceConfiguration
    let limiter: ConcurrencyLimiter
    let logger: Logger
    let sleep: @Sendable (Duration) async throws -> Void

    /// Creates a client.
    /// - Parameters:
    ///   - transport: how requests are sent (async-http-client by default).
    ///   - configuration: timeouts, retries and limits.
    ///   - logger: receives one line per attempt; never a key.
    ///   - sleep: waits between retries (tests pass a recorder).
    public init(
        transport: any HTTPTransport = AsyncHTTPTransport(), configuration: ServiceConfiguration = ServiceConfiguration(),
        logger: Logger = Logger(label: "airfit.ai"),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.transport = transport
        self.configuration = configuration
        self.limiter = ConcurrencyLimiter(limit: configuration.maxConcurrentRequestsPerProvider)
        self.logger = logger
        self.sleep = sleep
    }

    /// This client making one attempt per request (no retries), sharing its transport and concurrency limits: for a
    /// caller with somewhere else to go when a provider fails, such as a fallback provider.
    public func singleAttempt() -> AIClient {
        var single = self
        single.configuration.maxAttempts = 1
        return single
    }

    /// Streams the answer to `request`.
    /// - Parameters:
    ///   - request: the conversation and settings.
    ///   - provider: which provider to call.
    ///   - key: the provider key, if it needs one.
    ///   - baseURL: overrides the catalog base URL (custom endpoints, tests).
    /// - Returns: events as they arrive; the stream throws a ``ServiceError``.
    public func stream(
        request: ChatRequest, provider: AIProviderID, key: String?, baseURL: String? = nil
    ) -> AsyncThrowingStream<StreamEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: StreamEvent.self)
        let watchdog = StreamWatchdog()
        let endpoint = ProviderEndpoint(provider: provider, baseURL: baseURL, key: key)
        let task = Task {
            do {
                let http = try provider.requestBuilder.chatRequest(request, endpoint: endpoint)
                let lane = ProviderLane(endpoint)
                await limiter.acquire(lane)
                do {
                    try await run(http, endpoint: endpoint, watchdog: watchdog, continuation: continuation)
                    await limiter.release(lane)
                } catch {
                    await limiter.release(lane)
                    throw error
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: Self.serviceError(error, watchdog: watchdog, redactor: endpoint.redactor))
            }
        }
        let tick = min(configuration.aiTimeout / 4, configuration.maxResponseDuration / 4, .milliseconds(250))
        let watcher = Task { await watchdog.watch(task, tick: tick) }
        continuation.onTermination = { _ in
            task.cancel()
            watcher.cancel()
        }
        return stream
    }

    /// Maps any error to a ``ServiceError`` with secrets removed.
    static func serviceError(_ error: any Error, watchdog: StreamWatchdog, redactor: SecretRedactor) -> ServiceError {
        if let expired = watchdog.error { return expired }
        switch error {
        case let error as ServiceError:
            return error.redacted(redactor)
        case let error as TransportError:
            switch error {
            case .cancelled: return .cancelled
            case .timedOut: return .timeout
            case .connectionFailed: return .networkUnavailable
            case .connectionLost(let detail): return .streamingError(redactor.redact("connection lost: \(detail)"))
            }
        case let error as StreamParseError:
            return .streamingError(error.description)
        case is CancellationError:
            return .cancelled
        default:
            return .unknown(redactor.redact(String(describing: error)))
        }
    }
}

extension ProviderEndpoint {
    /// Removes this endpoint's key from text.
    var redactor: SecretRedactor { SecretRedactor([key]) }
}

extension ServiceError {
    /// The same error with `redactor` applied to every message.
    func redacted(_ redactor: SecretRedactor) -> ServiceError {
        switch self {
        case .invalidConfiguration(let text): .invalidConfiguration(redactor.redact(text))
        case .authenticationFailed(let text): .authenticationFailed(redactor.redact(text))
        case .invalidResponse(let text): .invalidResponse(redactor.redact(text))
        case .streamingError(let text): .streamingError(redactor.redact(text))
        case .providerError(let code, let message): .providerError(code: code, message: redactor.redact(message))
        case .unknown(let text): .unknown(redactor.redact(text))
        default: self
        }
    }
}
