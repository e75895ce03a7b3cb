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
    /// One parser per wire format (SSE, or NDJSON for Ollama's native `/api/chat`) joined with the provider's payload
    /// handler. OpenAI, OpenRouter (SSE comments, `reasoning` deltas, mid-stream `error` objects) and custom
    /// OpenAI-compatible endpoints (vLLM, llama.cpp, LM Studio, Ollama's `/v1`) share the OpenAI chat-completions one.
    /// - Parameter limits: the byte limits the decoder enforces.
    public func makeStreamDecoder(limits: StreamLimits = .default) -> any ProviderStreamDecoder {
        switch self {
        case .openai, .openrouter, .custom: SSEStreamDecoder<OpenAIEventHandler>(limits: limits)
        case .anthropic: SSEStreamDecoder<AnthropicEventHandler>(limits: limits)
        case .gemini: SSEStreamDecoder<GeminiEventHandler>(limits: limits)
        case .ollama: NDJSONStreamDecoder<OllamaLineHandler>(limits: limits)
        }
    }
}
