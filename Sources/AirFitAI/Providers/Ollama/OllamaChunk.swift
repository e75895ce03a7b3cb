/// The parts of one line of an Ollama native stream (`/api/chat`, also `/api/generate`).
///
/// Shape: `{"message":{"content","thinking","tool_calls":[{"id","function":{"name","arguments"}}]},
/// "response","thinking","done","done_reason","prompt_eval_count","eval_count"}` or `{"error": "..."}`.
struct OllamaChunk {
    struct ToolCall {
        var id: String?
        var name = ""
        var argumentsJSON = ""
    }

    var content: String?
    var thinking: String?
    var toolCalls: [ToolCall] = []
    var isDone = false
    var doneReason: String?
    var promptTokens: Int?
    var outputTokens: Int?
    var error: StreamErrorPayload?

    /// Parses one line; throws when it is not valid JSON.
    mutating func parse(_ line: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        var scanner = JSONScanner(line)
        guard scanner.peek() == UInt8(ascii: "{") else { throw JSONSyntaxError(offset: 0) }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "message": try readMessage(&scanner)
            case "response": content = try scanner.readString()
            case "thinking": thinking = try scanner.readString()
            case "done": isDone = try scanner.readBool() ?? false
            case "done_reason": doneReason = try scanner.readString()
            case "prompt_eval_count": promptTokens = try scanner.readInt()
            case "eval_count": outputTokens = try scanner.readInt()
            case "error": error = try StreamErrorPayload.read(&scanner)
            default: try scanner.skipValue()
            }
        }
        try scanner.expectEnd()
    }

    private mutating func readMessage(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue() }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "content": content = try scanner.readString()
            case "thinking": thinking = try scanner.readString()
            case "tool_calls": try readToolCalls(&scanner)
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
            var call = ToolCall()
            var members = try scanner.beginObject()
            while let key = try scanner.nextKey(&members) {
                switch key {
                case "id": call.id = try scanner.readString()
                case "function": try Self.readFunction(&scanner, into: &call)
                default: try scanner.skipValue()
                }
            }
            toolCalls.append(call)
        }
    }

    private static func readFunction(_ scanner: inout JSONScanner, into call: inout ToolCall) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue() }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "name": call.name = try scanner.readString() ?? ""
            case "arguments":
                // An object on the native API; a JSON-encoded string from some builds.
                if scanner.peek() == UInt8(ascii: "\"") {
                    call.argumentsJSON = try scanner.readString() ?? ""
                } else {
                    call.argumentsJSON = String(decoding: try scanner.readRawValue(), as: UTF8.self)
                }
            default: try scanner.skipValue()
            }
        }
    }
}
