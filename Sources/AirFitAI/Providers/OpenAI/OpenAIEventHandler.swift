/// Decodes an OpenAI chat-completions stream (`stream: true`) into ``StreamEvent``s.
///
/// Also serves OpenRouter and OpenAI-compatible servers: text, `refusal`, `reasoning` /
/// `reasoning_content`, fragmented and parallel tool calls, the usage chunk (empty `choices`),
/// in-stream `{"error": ...}` objects and the `[DONE]` sentinel.
///
/// Made by ``AIProviderID/makeStreamDecoder(limits:)``, which joins it with the stream parser.
struct OpenAIEventHandler: SSEPayloadDecoder {
    var events: [StreamEvent] = []
    private var tools = OpenAIToolCallTracker()
    private var isDone = false
    private var hasFailed = false

    init() {}

    mutating func receive(_ event: SSEEventView) {
        guard !isDone else { return }
        if ByteSearch.equals(event.data, "[DONE]") {
            isDone = true
            return
        }
        // A malformed chunk is skipped whole, so no half-applied state is left behind.
        var chunk = OpenAIChunk()
        guard (try? chunk.parse(event.data)) != nil else { return }
        apply(chunk)
    }

    mutating func finishStream() {
        tools.completeAll(into: &events)
    }

    private mutating func apply(_ chunk: OpenAIChunk) {
        if let error = chunk.error {
            events.append(.error(code: error.code, message: error.message))
        }
        if let reasoning = chunk.reasoning, !reasoning.isEmpty { events.append(.reasoningDelta(reasoning)) }
        if let content = chunk.content, !content.isEmpty { events.append(.textDelta(content)) }
        if let refusal = chunk.refusal, !refusal.isEmpty { events.append(.refusalDelta(refusal)) }
        for call in chunk.toolCalls { tools.apply(call, into: &events) }
        let reason = chunk.error == nil ? chunk.finishReason : .error
        if let reason, !hasFailed {
            tools.completeAll(into: &events)
            events.append(.finish(reason))
            hasFailed = reason == .error
        }
        if chunk.hasUsage {
            events.append(.usage(inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens))
            if chunk.cachedInputTokens != nil || chunk.reasoningTokens != nil {
                events.append(.usageDetails(cachedInputTokens: chunk.cachedInputTokens, reasoningTokens: chunk.reasoningTokens))
            }
        }
    }
}
