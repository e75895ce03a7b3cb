/// Decodes a Gemini `streamGenerateContent?alt=sse` stream into ``StreamEvent``s.
///
/// Text parts, thought parts (`thought: true`, as reasoning), whole `functionCall` parts,
/// `finishReason` (`STOP` becomes `tool_calls` once a function call came), `usageMetadata` (output =
/// candidates + thoughts tokens), blocked prompts and `{"error": ...}` objects.
///
/// Made by ``AIProviderID/makeStreamDecoder(limits:)``, which joins it with the stream parser.
struct GeminiEventHandler: SSEPayloadDecoder {
    var events: [StreamEvent] = []
    private var nextToolIndex = 0
    private var hasFailed = false

    init() {}

    mutating func receive(_ event: SSEEventView) {
        var chunk = GeminiChunk()
        guard (try? chunk.parse(event.data)) != nil else { return }
        if let error = chunk.error {
            events.append(.error(code: error.code, message: error.message))
            finish(.error)
        }
        for part in chunk.parts {
            switch part {
            case .text(let text, let isThought):
                guard !text.isEmpty else { continue }
                events.append(isThought ? .reasoningDelta(text) : .textDelta(text))
            case .functionCall(let name, let id, let arguments):
                let index = nextToolIndex
                nextToolIndex += 1
                events.append(.toolCallStart(index: index, id: id, name: name))
                events.append(.toolCallComplete(index: index, id: id, name: name, argumentsJSON: arguments))
            }
        }
        switch chunk.finish {
        case .stop?, .other?: finish(nextToolIndex > 0 ? .toolCalls : .stop)
        case .maxTokens?: finish(.length)
        case .filtered?: finish(.contentFilter)
        case .malformedCall?: finish(.error)
        case nil: if chunk.isPromptBlocked { finish(.contentFilter) }
        }
        if chunk.hasUsage {
            let output: Int? =
                chunk.candidateTokens == nil && chunk.thoughtTokens == nil
                ? nil : (chunk.candidateTokens ?? 0) + (chunk.thoughtTokens ?? 0)
            events.append(.usage(inputTokens: chunk.promptTokens, outputTokens: output))
            if chunk.cachedTokens != nil || chunk.thoughtTokens != nil {
                events.append(.usageDetails(cachedInputTokens: chunk.cachedTokens, reasoningTokens: chunk.thoughtTokens))
            }
        }
    }

    mutating func finishStream() {}

    private mutating func finish(_ reason: FinishReason) {
        guard !hasFailed else { return }
        events.append(.finish(reason))
        hasFailed = reason == .error
    }
}
