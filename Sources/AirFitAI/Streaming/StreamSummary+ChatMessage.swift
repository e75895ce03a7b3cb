extension StreamSummary {
    /// The answer as the assistant turn to send back in the next request: its text and tool calls, each
    /// with the provider's id or, for providers that send none (Gemini, Ollama), `call_<index>`.
    public var assistantMessage: ChatMessage {
        .assistant(
            text: text,
            toolCalls: toolCalls.map { call in
                AirFitAI.ToolCall(id: call.id ?? "call_\(call.index)", name: call.name, argumentsJSON: call.arguments.encoded)
            })
    }
}
