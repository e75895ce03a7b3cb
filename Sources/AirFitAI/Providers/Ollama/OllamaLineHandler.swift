/// Decodes Ollama's native NDJSON stream (`/api/chat`, `/api/generate`) into ``StreamEvent``s.
///
/// `message.content` / `response` as text, `thinking` as reasoning, whole `tool_calls`, `done` with
/// `done_reason` (`stop` becomes `tool_calls` once tool calls came; no reason means `stop`),
/// `prompt_eval_count` / `eval_count` as usage, and `{"error": "..."}` lines.
///
/// Made by ``AIProviderID/makeStreamDecoder(limits:)``, which joins it with the stream parser.
struct OllamaLineHandler: NDJSONPayloadDecoder {
    var events: [StreamEvent] = []
    private var nextToolIndex = 0
    private var hasFailed = false

    init() {}

    mutating func receive(line: UnsafeBufferPointer<UInt8>) {
        var chunk = OllamaChunk()
        guard (try? chunk.parse(line)) != nil else { return }
        if let error = chunk.error {
            events.append(.error(code: error.code, message: error.message))
            finish(.error)
        }
        if let thinking = chunk.thinking, !thinking.isEmpty { events.append(.reasoningDelta(thinking)) }
        if let content = chunk.content, !content.isEmpty { events.append(.textDelta(content)) }
        for call in chunk.toolCalls {
            let index = nextToolIndex
            nextToolIndex += 1
            events.append(.toolCallStart(index: index, id: call.id, name: call.name))
            events.append(
                .toolCallComplete(index: index, id: call.id, name: call.name, argumentsJSON: call.argumentsJSON))
        }
        if chunk.isDone {
            switch chunk.doneReason {
            case "length"?: finish(.length)
            case "error"?: finish(.error)
            default: finish(nextToolIndex > 0 ? .toolCalls : .stop)
            }
        }
        if chunk.promptTokens != nil || chunk.outputTokens != nil {
            events.append(.usage(inputTokens: chunk.promptTokens, outputTokens: chunk.outputTokens))
        }
    }

    mutating func finishStream() {}

    private mutating func finish(_ reason: FinishReason) {
        guard !hasFailed else { return }
        events.append(.finish(reason))
        hasFailed = reason == .error
    }
}
