/// The parts of one Anthropic Messages stream event that AirFit uses.
///
/// The event kind comes from the JSON `type` (the SSE `event:` line is only a fallback, since some
/// streams omit it). Shapes: `message_start {message:{usage}}`, `content_block_start {index,
/// content_block:{type,id,name,input,text,thinking}}`, `content_block_delta {index, delta:{type,
/// text|thinking|partial_json}}`, `content_block_stop {index}`, `message_delta {delta:{stop_reason},
/// usage}`, `message_stop`, `ping`, `error {error:{type,message}}`.
struct AnthropicEvent {
    enum Kind {
        case messageStart, contentBlockStart, contentBlockDelta, contentBlockStop
        case messageDelta, messageStop, ping, error, unknown
    }

    /// `content_block` of a start event.
    struct Block {
        var type: BlockType = .other
        var id: String?
        var name: String?
        var text: String?
        var input: String?
    }

    enum BlockType { case text, thinking, toolUse, other }

    /// `delta` of a block delta or message delta.
    struct Delta {
        var type: DeltaType = .other
        var text: String?
        var stopReason: FinishReason?
    }

    enum DeltaType { case text, thinking, inputJSON, other }

    var kind: Kind?
    var index: Int?
    var block: Block?
    var delta: Delta?
    var inputTokens: Int?
    var outputTokens: Int?
    var error: StreamErrorPayload?

    /// Parses one event's data; throws when it is not valid JSON.
    mutating func parse(_ data: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        var scanner = JSONScanner(data)
        guard scanner.peek() == UInt8(ascii: "{") else { throw JSONSyntaxError(offset: 0) }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "type": kind = try scanner.readStringTokenIfPresent().map(Self.kind(of:))
            case "index": index = try scanner.readInt()
            case "content_block": block = try Self.readBlock(&scanner)
            case "delta": delta = try Self.readDelta(&scanner)
            case "message": try readMessage(&scanner)
            case "usage": try readUsage(&scanner)
            case "error": error = try StreamErrorPayload.read(&scanner)
            default: try scanner.skipValue()
            }
        }
        try scanner.expectEnd()
    }

    /// The kind named by a `type` value or an SSE event name.
    static func kind(of name: JSONStringToken) -> Kind {
        switch name {
        case "content_block_delta": .contentBlockDelta
        case "content_block_start": .contentBlockStart
        case "content_block_stop": .contentBlockStop
        case "message_start": .messageStart
        case "message_delta": .messageDelta
        case "message_stop": .messageStop
        case "ping": .ping
        case "error": .error
        default: .unknown
        }
    }

    private static func readBlock(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Block? {
        guard scanner.peek() == UInt8(ascii: "{") else {
            try scanner.skipValue()
            return nil
        }
        var block = Block()
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "type":
                switch try scanner.readStringTokenIfPresent() {
                case let token? where token.equals("text"): block.type = .text
                case let token? where token.equals("thinking"): block.type = .thinking
                case let token? where token.equals("tool_use"): block.type = .toolUse
                default: block.type = .other
                }
            case "id": block.id = try scanner.readString()
            case "name": block.name = try scanner.readString()
            case "text", "thinking": block.text = try scanner.readString()
            case "input": block.input = String(decoding: try scanner.readRawValue(), as: UTF8.self)
            default: try scanner.skipValue()
            }
        }
        return block
    }

    private static func readDelta(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Delta? {
        guard scanner.peek() == UInt8(ascii: "{") else {
            try scanner.skipValue()
            return nil
        }
        var delta = Delta()
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "type":
                switch try scanner.readStringTokenIfPresent() {
                case let token? where token.equals("text_delta"): delta.type = .text
                case let token? where token.equals("thinking_delta"): delta.type = .thinking
                case let token? where token.equals("input_json_delta"): delta.type = .inputJSON
                default: delta.type = .other
                }
            case "text", "thinking", "partial_json": delta.text = try scanner.readString()
            case "stop_reason": delta.stopReason = try readStopReason(&scanner)
            default: try scanner.skipValue()
            }
        }
        return delta
    }

    private mutating func readMessage(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue() }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            if key.equals("usage") { try readUsage(&scanner) } else { try scanner.skipValue() }
        }
    }

    private mutating func readUsage(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue() }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "input_tokens": inputTokens = try scanner.readInt()
            case "output_tokens": outputTokens = try scanner.readInt()
            default: try scanner.skipValue()
            }
        }
    }

    /// Maps `stop_reason`; unknown non-null reasons count as `stop`.
    private static func readStopReason(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> FinishReason? {
        guard let token = try scanner.readStringTokenIfPresent() else { return nil }
        switch token {
        case "max_tokens", "model_context_window_exceeded": return .length
        case "tool_use": return .toolCalls
        case "refusal": return .refusal
        default: return .stop
        }
    }
}
