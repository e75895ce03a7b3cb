/// The AI providers AirFit can talk to.
public enum AIProviderID: String, Sendable, Hashable, CaseIterable, Codable {
    /// OpenAI chat completions.
    case openai
    /// Anthropic Messages.
    case anthropic
    /// Google Gemini (`streamGenerateContent?alt=sse`).
    case gemini
    /// OpenRouter (OpenAI-compatible).
    case openrouter
    /// Ollama's native API (NDJSON).
    case ollama
    /// Any other OpenAI-compatible endpoint.
    case custom

    /// A fresh decoder for this provider's streaming response body.
    ///
    /// OpenAI, OpenRouter and custom (OpenAI-compatible) endpoints share the OpenAI chat-completions
    /// decoder; Ollama's native `/api/chat` streams NDJSON; the others stream SSE.
    /// - Parameter limits: the byte limits the decoder enforces.
    public func makeStreamDecoder(limits: StreamLimits = .default) -> any ProviderStreamDecoder {
        switch self {
        case .openai: OpenAIStreamDecoder(limits: limits)
        case .openrouter: OpenRouterStreamDecoder(limits: limits)
        case .custom: CustomStreamDecoder(limits: limits)
        case .anthropic: AnthropicStreamDecoder(limits: limits)
        case .gemini: GeminiStreamDecoder(limits: limits)
        case .ollama: OllamaStreamDecoder(limits: limits)
        }
    }
}
