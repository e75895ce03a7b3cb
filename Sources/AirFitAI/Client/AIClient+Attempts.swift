import Logging

/// Opening a stream: attempts, status handling and retries before the first byte.
extension AIClient {
    /// An open response whose first chunk has arrived.
    struct OpenStream {
        var iterator: HTTPBodyStream.AsyncIterator
        var firstChunk: [UInt8]?
    }

    /// Sends `http` until a 2xx response delivers its first chunk, retrying as the policy allows.
    func open(
        _ http: ProviderHTTPRequest, endpoint: ProviderEndpoint, timeout: Duration, watchdog: StreamWatchdog
    ) async throws -> OpenStream {
        var retry = 0
        while true {
            try Task.checkCancellation()
            let delay: Duration
            do {
                return try await attempt(http, endpoint: endpoint, timeout: timeout, watchdog: watchdog)
            } catch let failure as RetryableFailure {
                guard retry + 1 < configuration.maxAttempts else {
                    throw failure.error
                }
                if let requested = failure.retryAfter {
                    guard requested <= configuration.maxRetryDelay else { throw failure.error }
                    delay = requested
                } else {
                    delay = configuration.backoff(retry: retry)
                }
                logger.info(
                    "AI request failed; retrying",
                    metadata: [
                        "provider": "\(endpoint.info.id.rawValue)", "attempt": "\(retry + 1)",
                        "error": "\(failure.error.errorDescription ?? "")", "delay": "\(delay)",
                    ])
            }
            retry += 1
            watchdog.disarm()
            try await sleep(delay)
        }
    }

    /// A failure worth another attempt.
    struct RetryableFailure: Error {
        var error: ServiceError
        var retryAfter: Duration?
    }

    private func attempt(
        _ http: ProviderHTTPRequest, endpoint: ProviderEndpoint, timeout: Duration, watchdog: StreamWatchdog
    ) async throws -> OpenStream {
        let response: HTTPTransportResponse
        watchdog.arm(timeout)
        do {
            response = try await transport.send(http, headTimeout: timeout)
        } catch {
            switch error {
            case .cancelled: throw Self.cancellation(watchdog)
            case .timedOut: throw RetryableFailure(error: .timeout)
            case .connectionFailed, .connectionLost: throw RetryableFailure(error: .networkUnavailable)
            }
        }
        if (200..<300).contains(response.status) {
            var iterator = response.body.makeAsyncIterator()
            do {
                let first = try await iterator.next()
                watchdog.disarm()
                return OpenStream(iterator: iterator, firstChunk: first)
            } catch {
                if Task.isCancelled || watchdog.didFire { throw Self.cancellation(watchdog) }
                throw RetryableFailure(error: .networkUnavailable)
            }
        }
        let body = (try? await response.body.collect(upTo: configuration.maxErrorBodyBytes)) ?? []
        watchdog.disarm()
        throw statusError(response, body: body, endpoint: endpoint)
    }

    /// Why an attempt was cancelled: the head timeout is worth another attempt; the total limit and the
    /// consumer going away are final.
    private static func cancellation(_ watchdog: StreamWatchdog) -> any Error {
        switch watchdog.error {
        case .timeout?: RetryableFailure(error: .timeout)
        case let expired?: expired
        case nil: ServiceError.cancelled
        }
    }

    /// Classifies a non-2xx response: a ``RetryableFailure`` or a final ``ServiceError``.
    func statusError(_ response: HTTPTransportResponse, body: [UInt8], endpoint: ProviderEndpoint) -> any Error {
        let name = endpoint.info.displayName
        let message = endpoint.redactor.redact(ProviderErrorBody.message(body) ?? "HTTP \(response.status)")
        switch response.status {
        case 401, 403:
            return ServiceError.authenticationFailed("\(name) rejected the key (HTTP \(response.status)): \(message)")
        case 429:
            let seconds = RetryAfter.delay(headers: response.headers, body: body)
            return RetryableFailure(
                error: .rateLimitExceeded(retryAfter: seconds), retryAfter: seconds.map { Duration.milliseconds(Int64($0 * 1000)) })
        case 408, 500...599:
            let seconds = response.status == 503 ? RetryAfter.delay(headers: response.headers, body: []) : nil
            return RetryableFailure(
                error: .providerError(code: "\(response.status)", message: message),
                retryAfter: seconds.map { Duration.milliseconds(Int64($0 * 1000)) })
        case 404:
            return ServiceError.providerError(code: "404", message: "\(message) — check the model name and base URL")
        default:
            return ServiceError.providerError(code: "\(response.status)", message: message)
        }
    }
}
