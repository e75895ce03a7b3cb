/// The parts of one OpenAI chat-completions stream chunk that AirFit uses.
///
/// Shape: `{"choices":[{"index":0,"delta":{"content","reasoning"|"reasoning_content","refusal",
/// "tool_calls":[{"index","id","function":{"name","arguments"}}]},"finish_reason"}],
/// "usage":{"prompt_tokens","completion_tokens"},"error":{...}}`. Only choice 0 is read.
struct OpenAIChunk {
    /// One fragment of a streamed tool call.
    struct ToolCallDelta {
        var index: Int?
        var id: String?
        var name: String?
        var arguments: String?
    }

    var content: String?
    var reasoning: String?
    var refusal: String?
    var toolCalls: [ToolCallDelta] = []
    var finishReason: FinishReason?
    var inputTokens: Int?
    var outputTokens: Int?
    /// `usage.prompt_tokens_details.cached_tokens` (part of the input).
    var cachedInputTokens: Int?
    /// `usage.completion_tokens_details.reasoning_tokens` (part of the output).
    var reasoningTokens: Int?
    var hasUsage = false
    var error: StreamErrorPayload?

    /// Parses one event's data; throws when it is not valid JSON.
    mutating func parse(_ data: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        var scanner = JSONScanner(data)
        guard scanner.peek() == UInt8(ascii: "{") else { throw JSONSyntaxError(offset: 0) }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "choices": try readChoices(&scanner)
            case "usage": try readUsage(&scanner)
            case "error": error = try StreamErrorPayload.read(&scanner)
            default: try scanner.skipValue()
            }
        }
        try scanner.expectEnd()
    }

    private mutating func readChoices(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "[") else { return try scanner.skipValue() }
        var state = try scanner.beginArray()
        while try scanner.nextElement(&state) {
            guard scanner.peek() == UInt8(ascii: "{") else {
                try scanner.skipValue()
                continue
            }
            // Choice members are read straight into `self` (no copy on the hot path) and rolled
            // back when the choice turns out not to be choice 0.
            let saved = (content, reasoning, refusal, toolCalls.count, finishReason)
            var index: Int?
            var members = try scanner.beginObject()
            while let key = try scanner.nextKey(&members) {
                switch key {
                case "index": index = try scanner.readInt()
                case "delta": try readDelta(&scanner)
                case "finish_reason": finishReason = try Self.readFinishReason(&scanner) ?? saved.4
                default: try scanner.skipValue()
                }
            }
            if let index, index != 0 {
                (content, reasoning, refusal, finishReason) = (saved.0, saved.1, saved.2, saved.4)
                toolCalls.removeSubrange(saved.3...)
            }
        }
    }

    private mutating func readDelta(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue() }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "content": content = try scanner.readString() ?? content
            case "reasoning", "reasoning_content":
                // Some servers send both names with the same text: keep the first non-empty one.
                let piece = try scanner.readString()
                if reasoning?.isEmpty ?? true { reasoning = piece }
            case "refusal": refusal = try scanner.readString() ?? refusal
            case "tool_calls": try readToolCalls(&scanner)
            case "function_call":
                // The legacy single-function form streams like tool call 0.
                var call = ToolCallDelta(index: 0)
                try Self.readFunction(&scanner, into: &call)
                toolCalls.append(call)
            default: try scanner.skipValue()
            }
        }
    }

    private mutating func readToolCalls(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "[") else { return try scanner.skipValue() }
        var state = try scanner.beginArray()
        while try scanner.nextElement(&state) {
            guard scanner.peek() == UInt8(ascii: "{") else {
                try scanner.skipValue()
                continue
            }
            var call = ToolCallDelta()
            var members = try scanner.beginObject()
            while let key = try scanner.nextKey(&members) {
                switch key {
                case "index": call.index = try scanner.readInt()
                case "id": call.id = try scanner.readString()
                case "function": try Self.readFunction(&scanner, into: &call)
                default: try scanner.skipValue()
                }
            }
            toolCalls.append(call)
        }
    }

    private static func readFunction(_ scanner: inout JSONScanner, into call: inout ToolCallDelta)
        throws(JSONSyntaxError)
    {
        guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue() }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "name": call.name = try scanner.readString()
            case "arguments":
                // Arguments are a JSON-encoded string; tolerate servers that send the object itself.
                if scanner.peek() == UInt8(ascii: "{") {
                    call.arguments = String(decoding: try scanner.readRawValue(), as: UTF8.self)
                } else {
                    call.arguments = try scanner.readString()
                }
            default: try scanner.skipValue()
            }
        }
    }

    private mutating func readUsage(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue() }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "prompt_tokens": inputTokens = try scanner.readInt()
            case "completion_tokens": outputTokens = try scanner.readInt()
            case "prompt_tokens_details": cachedInputTokens = try Self.readDetail("cached_tokens", &scanner)
            case "completion_tokens_details": reasoningTokens = try Self.readDetail("reasoning_tokens", &scanner)
            default: try scanner.skipValue()
            }
        }
        hasUsage = inputTokens != nil || outputTokens != nil
    }

    /// The integer `name` inside a usage details object (nil when absent or not an object).
    private static func readDetail(_ name: StaticString, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Int? {
        guard scanner.peek() == UInt8(ascii: "{") else {
            try scanner.skipValue()
            return nil
        }
        var found: Int?
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            if key.equals(name), scanner.peek() != UInt8(ascii: "n") { found = try scanner.readInt() } else { try scanner.skipValue() }
        }
        return found
    }

    /// Maps `finish_reason`; unknown reasons count as `stop`, and `""` (sent by some compatible
    /// servers on every chunk) as no reason.
    private static func readFinishReason(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> FinishReason? {
        guard let token = try scanner.readStringTokenIfPresent(), !token.isEmpty else { return nil }
        switch token {
        case "length": return .length
        case "tool_calls", "function_call": return .toolCalls
        case "content_filter": return .contentFilter
        case "refusal": return .refusal
        case "error": return .error
        default: return .stop
        }
    }
}
