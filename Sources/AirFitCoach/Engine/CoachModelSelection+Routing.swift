public import AirFitAI
public import AirFitCore
public import Foundation

/// The one place every model call for a member goes through (the spec's "AI router"): their budget is checked before
/// it starts, their providers are tried in order until one answers, and what it cost is recorded when it ends.
extension CoachModelSelection {
    /// The providers to try, in order: this selection, then its fallbacks.
    public var route: [CoachModelSelection] {
        var first = self
        first.fallbacks = []
        return [first] + fallbacks
    }

    /// Opens `request` on the first provider of ``route`` that answers.
    ///
    /// A provider that fails before its first byte with a rate limit, a server error, a timeout or a refused
    /// connection passes the call to the next (never after the first byte: what arrived is the answer). With a meter
    /// (``ChatStreaming/usage``) the member's budget is checked first and every attempt is recorded.
    /// - Parameters:
    ///   - purpose: what the call is for, in the ledger.
    ///   - log: keeps each request's exact body for Settings → Privacy.
    /// - Throws: ``UsageBudgetError`` when the month's budget is spent; the last provider's ``ServiceError``
    ///   when none answered.
    public func open(
        _ request: ChatRequest, through streamer: any ChatStreaming, purpose: UsagePurpose, log: (any ProviderRequestLog)? = nil,
        now: Date = Date()
    ) async throws -> RoutedStream {
        let inputCharacters = Self.characters(of: request)
        var accounting: UsageAccounting?
        if let meter = streamer.usage, let userID {
            let zone = timeZone ?? .gmt
            let maxOutput = request.maxTokens ?? AIProviderCatalog.info(provider).defaultMaxOutputTokens
            let reservation = try await meter.admit(userID: userID, timeZone: zone, estimatedTokens: inputCharacters / 4 + 1 + maxOutput)
            accounting = UsageAccounting(
                meter: meter, userID: userID, timeZone: zone, purpose: purpose, reservation: reservation, inputCharacters: inputCharacters,
                started: .now)
        }
        let route = route
        // A provider with a fallback behind it gets one attempt: the fallback answers instead of waiting out retries.
        let once = route.count > 1 ? streamer.withoutRetries() : streamer
        var skipped: [ServedRoute.Skipped] = []
        for (index, candidate) in route.enumerated() {
            let attempt = index + 1
            let started = ContinuousClock.now
            let sent = index == 0 ? request : candidate.adapted(request)
            await candidate.keep(sent, in: log, now: now)
            let events = (index < route.count - 1 ? once : streamer).stream(
                request: sent, provider: candidate.provider, key: candidate.key, baseURL: candidate.baseURL)
            var iterator = events.makeAsyncIterator()
            let first: StreamEvent?
            do {
                first = try await iterator.next()
            } catch {
                if !(error is CancellationError) { ModelMetrics.upstreamError(candidate.provider, reason: Self.metricReason(error)) }
                let last = index == route.count - 1
                if let failed = accounting?.started(at: started) {
                    failed.record(
                        provider: candidate.provider, model: sent.resolvedModel(AIProviderCatalog.info(candidate.provider)),
                        attempt: attempt,
                        tokens: .zero, outcome: Task.isCancelled ? .cancelled : .failed, settles: last || !ServedRoute.allowsFallback(error)
                    )
                }
                guard !last, ServedRoute.allowsFallback(error), !Task.isCancelled else { throw error }
                skipped.append(ServedRoute.Skipped(provider: candidate.provider, reason: ServedRoute.reason(error)))
                continue
            }
            let served = ServedRoute(
                provider: candidate.provider, model: sent.resolvedModel(AIProviderCatalog.info(candidate.provider)), attempt: attempt,
                skipped: skipped)
            let timed = accounting?.started(at: started)
            return RoutedStream(served: served, first: first, iterator: iterator, accounting: timed)
        }
        throw ServiceError.notConfigured
    }

    /// `request` for this (fallback) provider: its model, and sampling limits it accepts.
    func adapted(_ request: ChatRequest) -> ChatRequest {
        let info = AIProviderCatalog.info(provider)
        var adapted = request
        adapted.model = model
        adapted.temperature = request.temperature.map { min($0, info.maxTemperature) }
        let resolved = model ?? info.defaultModel
        adapted.maxTokens = request.maxTokens.map { min($0, info.maxOutputTokens(model: resolved)) }
        return adapted
    }

    /// Keeps `request`'s exact body for this provider in the member's request log (a courtesy: a failed write never
    /// stops the call).
    func keep(_ request: ChatRequest, in log: (any ProviderRequestLog)?, now: Date) async {
        guard let log, let userID, let body = RequestBodyPreview.body(for: request, provider: provider, baseURL: baseURL) else { return }
        let model = request.resolvedModel(AIProviderCatalog.info(provider))
        try? await log.recordProviderRequest(
            ProviderRequestRecord(userID: userID, createdAt: now, provider: provider.rawValue, model: model, body: body))
    }

    /// A fixed word for a failure, as a metric label.
    static func metricReason(_ error: any Error) -> String {
        switch error as? ServiceError {
        case .rateLimitExceeded: return "rate_limited"
        case .timeout, .responseTooLong: return "timeout"
        case .networkUnavailable: return "unreachable"
        case .authenticationFailed: return "authentication"
        case .providerError(let code, _): return code.count == 3 && code.allSatisfy(\.isNumber) ? "http_\(code)" : "provider"
        default: return "other"
        }
    }

    /// The characters a request sends (its prompt, messages and tools), for estimating input tokens.
    static func characters(of request: ChatRequest) -> Int {
        var count = request.systemPrompt?.utf8.count ?? 0
        for message in request.messages {
            switch message {
            case .user(let text): count += text.utf8.count
            case .assistant(let text, let calls): count += text.utf8.count + calls.reduce(0) { $0 + $1.argumentsJSON.utf8.count }
            case .toolResult(_, _, let content): count += content.utf8.count
            }
        }
        return count + request.tools.reduce(0) { $0 + $1.description.utf8.count + $1.name.utf8.count }
    }
}
