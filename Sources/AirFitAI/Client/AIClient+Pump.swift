/// Reading an open stream into events.
extension AIClient {
    /// Opens the stream and decodes it into `continuation` until the end.
    func run(
        _ http: ProviderHTTPRequest, endpoint: ProviderEndpoint, watchdog: StreamWatchdog,
        continuation: AsyncThrowingStream<StreamEvent, any Error>.Continuation
    ) async throws {
        watchdog.limitTotal(to: configuration.maxResponseDuration)
        var opened = try await open(http, endpoint: endpoint, timeout: configuration.aiTimeout, watchdog: watchdog)
        var decoder = endpoint.info.id.makeStreamDecoder(limits: configuration.streamLimits)
        var finished = false
        func deliver(_ events: [StreamEvent]) {
            for event in events {
                if case .finish = event { finished = true }
                continuation.yield(event)
            }
        }
        var chunk = opened.firstChunk
        while let bytes = chunk {
            deliver(try decoder.decode(bytes))
            watchdog.arm(configuration.aiTimeout)
            do {
                chunk = try await opened.iterator.next()
            } catch {
                throw afterFirstByte(error, watchdog: watchdog)
            }
            watchdog.disarm()
            if Task.isCancelled { throw watchdog.error ?? .cancelled }
        }
        if Task.isCancelled { throw watchdog.error ?? .cancelled }
        deliver(decoder.finish())
        if !finished {
            throw ServiceError.streamingError("the connection closed before the answer was complete")
        }
    }

    /// A failure after bytes arrived: never retried.
    private func afterFirstByte(_ error: any Error, watchdog: StreamWatchdog) -> ServiceError {
        if let expired = watchdog.error { return expired }
        switch error {
        case TransportError.cancelled, is CancellationError: return .cancelled
        case TransportError.connectionLost(let detail), TransportError.connectionFailed(let detail):
            return .streamingError("connection lost mid-answer (\(detail))")
        default: return .streamingError(String(describing: error))
        }
    }
}
