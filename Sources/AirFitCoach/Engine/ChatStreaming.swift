public import AirFitAI
public import AirFitCore

/// Anything that streams a chat completion: the real ``AIClient`` or a scripted stand-in.
public protocol ChatStreaming: Sendable {
    /// Streams the answer to `request` from `provider`.
    func stream(request: ChatRequest, provider: AIProviderID, key: String?, baseURL: String?) -> AsyncThrowingStream<StreamEvent, any Error>
    /// Where every model call for a member is admitted against their budget and recorded; nil meters nothing.
    var usage: UsageMeter? { get }
    /// The same streamer making one attempt per request: a provider with a fallback behind it is not retried, the
    /// fallback answers at once.
    func withoutRetries() -> any ChatStreaming
}

extension ChatStreaming {
    /// Nothing is metered unless the streamer says so.
    public var usage: UsageMeter? { nil }

    /// Unless the streamer says otherwise, it retries as it always does.
    public func withoutRetries() -> any ChatStreaming { self }
}

extension AIClient: ChatStreaming {
    public func withoutRetries() -> any ChatStreaming { singleAttempt() }
}

/// A streamer whose calls for members go through `usage` (budgets and the ledger).
public struct MeteredStreaming: ChatStreaming {
    var base: any ChatStreaming
    public let usage: UsageMeter?

    /// `base`, metered by `usage`.
    public init(_ base: any ChatStreaming, usage: UsageMeter) {
        self.base = base
        self.usage = usage
    }

    public func stream(
        request: ChatRequest, provider: AIProviderID, key: String?, baseURL: String?
    ) -> AsyncThrowingStream<StreamEvent, any Error> {
        base.stream(request: request, provider: provider, key: key, baseURL: baseURL)
    }

    public func withoutRetries() -> any ChatStreaming {
        var single = self
        single.base = base.withoutRetries()
        return single
    }
}
