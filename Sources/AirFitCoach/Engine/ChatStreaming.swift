public import AirFitAI

/// Anything that streams a chat completion: the real ``AIClient`` or a scripted stand-in.
public protocol ChatStreaming: Sendable {
    /// Streams the answer to `request` from `provider`.
    func stream(request: ChatRequest, provider: AIProviderID, key: String?, baseURL: String?) -> AsyncThrowingStream<StreamEvent, any Error>
}

extension AIClient: ChatStreaming {}
