/// Decodes an Anthropic Messages stream (`stream: true`) into ``StreamEvent``s.
///
/// Text, thinking and tool-use content blocks; input tokens from `message_start`, output tokens from
/// the last `message_delta`; `stop_reason`; `error` events. Events are recognised by their JSON
/// `type`, so streams without `event:` lines decode the same; `ping` and unknown events are ignored.
///
/// Made by ``AIProviderID/makeStreamDecoder(limits:)``, which joins it with the stream parser.
struct AnthropicEventHandler: SSEPayloadDecoder {
    private struct ToolBlock: Sendable {
        var id: String?
        var name: String
        var arguments = ""
        var receivedDelta = false
        var initialInput: String?
    }

    var events: [StreamEvent] = []
    private var openTools: [Int: ToolBlock] = [:]
    private var reportedInput = false
    private var hasFailed = false

    init() {}

    mutating func receive(_ event: SSEEventView) {
        var parsed = AnthropicEvent()
        guard (try? parsed.parse(event.data)) != nil else { return }
        let kind = parsed.kind ?? AnthropicEvent.kind(of: JSONStringToken(bytes: event.type, hasEscapes: false))
        switch kind {
        case .contentBlockDelta: applyDelta(parsed)
        case .contentBlockStart: startBlock(parsed)
        case .contentBlockStop:
            if let index = parsed.index { completeTool(at: index) }
        case .messageStart:
            if parsed.inputTokens != nil || parsed.outputTokens != nil {
                reportedInput = parsed.inputTokens != nil
                events.append(.usage(inputTokens: parsed.inputTokens, outputTokens: parsed.outputTokens))
            }
        case .messageDelta:
            if let reason = parsed.delta?.stopReason, !hasFailed { events.append(.finish(reason)) }
            if parsed.outputTokens != nil || (!reportedInput && parsed.inputTokens != nil) {
                let input = reportedInput ? nil : parsed.inputTokens
                reportedInput = reportedInput || input != nil
                events.append(.usage(inputTokens: input, outputTokens: parsed.outputTokens))
            }
        case .error:
            let error = parsed.error ?? StreamErrorPayload(code: nil, message: "")
            events.append(.error(code: error.code, message: error.message))
            if !hasFailed { events.append(.finish(.error)) }
            hasFailed = true
        case .messageStop, .ping, .unknown:
            break
        }
    }

    mutating func finishStream() {
        for index in openTools.keys.sorted() { completeTool(at: index) }
    }

    private mutating func startBlock(_ event: AnthropicEvent) {
        guard let block = event.block else { return }
        switch block.type {
        case .text:
            if let text = block.text, !text.isEmpty { events.append(.textDelta(text)) }
        case .thinking:
            if let text = block.text, !text.isEmpty { events.append(.reasoningDelta(text)) }
        case .toolUse:
            let index = event.index ?? (openTools.keys.max() ?? -1) + 1
            let name = block.name ?? ""
            openTools[index] = ToolBlock(id: block.id, name: name, initialInput: block.input)
            events.append(.toolCallStart(index: index, id: block.id, name: name))
        case .other:
            break
        }
    }

    private mutating func applyDelta(_ event: AnthropicEvent) {
        guard let delta = event.delta, let text = delta.text else { return }
        switch delta.type {
        case .text:
            if !text.isEmpty { events.append(.textDelta(text)) }
        case .thinking:
            if !text.isEmpty { events.append(.reasoningDelta(text)) }
        case .inputJSON:
            let index = event.index ?? openTools.keys.max() ?? 0
            if openTools[index] == nil {
                openTools[index] = ToolBlock(id: nil, name: "")
                events.append(.toolCallStart(index: index, id: nil, name: ""))
            }
            openTools[index]?.arguments += text
            openTools[index]?.receivedDelta = true
            if !text.isEmpty { events.append(.toolCallArgumentsDelta(index: index, fragment: text)) }
        case .other:
            break
        }
    }

    private mutating func completeTool(at index: Int) {
        guard let tool = openTools.removeValue(forKey: index) else { return }
        let arguments = tool.receivedDelta ? tool.arguments : (tool.initialInput ?? "")
        events.append(.toolCallComplete(index: index, id: tool.id, name: tool.name, argumentsJSON: arguments))
    }
}
