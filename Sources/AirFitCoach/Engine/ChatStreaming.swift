public import AirFitAI
public import AirFitCore

/// Anything that streams a chat completion: the real ``AIClient`` or a scripted stand-in.
public protocol ChatStreaming: Sendable {
    /// Streams the answer to `request` from `provider`.
    func stream(request: ChatRequest, provider: AIProviderID, key: String?, baseURL: String?) -> AsyncThrowingStream<StreamEvent, any Error>
    /// Where every model call for a member is admitted against their budget and recorded; nil meters nothing.
    var usage: UsageMeter? { get }
}

extension ChatStreaming {
    /// Nothing is metered unless the streamer says so.
    public var usage: UsageMeter? { nil }
}

extension AIClient: ChatStreaming {}

/// A streamer whose calls for members go through `usage` (budgets and the ledger).
public struct MeteredStreaming: ChatStreaming {
    let base: any ChatStreaming
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
}
