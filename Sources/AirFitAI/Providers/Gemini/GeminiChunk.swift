/// The parts of one Gemini `streamGenerateContent?alt=sse` chunk that AirFit uses.
///
/// Shape: `{"candidates":[{"content":{"parts":[{"text","thought"} | {"functionCall":{"name","args",
/// "id"}}]},"finishReason","index"}],"usageMetadata":{"promptTokenCount","candidatesTokenCount",
/// "thoughtsTokenCount"},"promptFeedback":{"blockReason"},"error":{"code","message","status"}}`.
/// Only candidate 0 is read.
struct GeminiChunk {
    enum Part {
        case text(String, isThought: Bool)
        case functionCall(name: String, id: String?, argumentsJSON: String)
    }

    /// The raw `finishReason` classes AirFit distinguishes.
    enum Finish { case stop, maxTokens, filtered, malformedCall, other }

    var parts: [Part] = []
    var finish: Finish?
    var promptTokens: Int?
    var candidateTokens: Int?
    var thoughtTokens: Int?
    /// `usageMetadata.cachedContentTokenCount` (part of the prompt).
    var cachedTokens: Int?
    var hasUsage = false
    var isPromptBlocked = false
    var error: StreamErrorPayload?

    /// Parses one event's data; throws when it is not valid JSON.
    mutating func parse(_ data: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        var scanner = JSONScanner(data)
        guard scanner.peek() == UInt8(ascii: "{") else { throw JSONSyntaxError(offset: 0) }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "candidates": try readCandidates(&scanner)
            case "usageMetadata": try readUsage(&scanner)
            case "promptFeedback": try readPromptFeedback(&scanner)
            case "error": error = try StreamErrorPayload.read(&scanner, preferStatus: true)
            default: try scanner.skipValue()
            }
        }
        try scanner.expectEnd()
    }

    private mutating func readCandidates(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "[") else { return try scanner.skipValue() }
        var state = try scanner.beginArray()
        var taken = false
        while try scanner.nextElement(&state) {
            guard !taken, scanner.peek() == UInt8(ascii: "{") else {
                try scanner.skipValue()
                continue
            }
            var candidate = GeminiChunk(empty: ())
            var index: Int?
            var members = try scanner.beginObject()
            while let key = try scanner.nextKey(&members) {
                switch key {
                case "content": try candidate.readContent(&scanner)
                case "finishReason": candidate.finish = try Self.readFinish(&scanner)
                case "index": index = try scanner.readInt()
                default: try scanner.skipValue()
                }
            }
            if index == nil || index == 0 {
                taken = true
                parts = candidate.parts
                finish = candidate.finish
            }
        }
    }

    init() {}

    private init(empty: Void) {}

    private mutating func readContent(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue() }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            guard key.equals("parts"), scanner.peek() == UInt8(ascii: "[") else {
                try scanner.skipValue()
                continue
            }
            var elements = try scanner.beginArray()
            while try scanner.nextElement(&elements) {
                if let part = try Self.readPart(&scanner) { parts.append(part) }
            }
        }
    }

    private static func readPart(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Part? {
        guard scanner.peek() == UInt8(ascii: "{") else {
            try scanner.skipValue()
            return nil
        }
        var text: String?
        var isThought = false
        var call: Part?
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "text": text = try scanner.readString()
            case "thought": isThought = try scanner.readBool() ?? false
            case "functionCall": call = try readFunctionCall(&scanner)
            default: try scanner.skipValue()
            }
        }
        if let call { return call }
        return text.map { .text($0, isThought: isThought) }
    }

    private static func readFunctionCall(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Part? {
        guard scanner.peek() == UInt8(ascii: "{") else {
            try scanner.skipValue()
            return nil
        }
        var name = ""
        var id: String?
        var arguments = ""
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "name": name = try scanner.readString() ?? ""
            case "id": id = try scanner.readString()
            case "args": arguments = String(decoding: try scanner.readRawValue(), as: UTF8.self)
            default: try scanner.skipValue()
            }
        }
        return .functionCall(name: name, id: id, argumentsJSON: arguments)
    }

    private mutating func readUsage(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue() }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            switch key {
            case "promptTokenCount": promptTokens = try scanner.readInt()
            case "candidatesTokenCount": candidateTokens = try scanner.readInt()
            case "thoughtsTokenCount": thoughtTokens = try scanner.readInt()
            case "cachedContentTokenCount": cachedTokens = try scanner.readInt()
            default: try scanner.skipValue()
            }
        }
        hasUsage = promptTokens != nil || candidateTokens != nil || thoughtTokens != nil
    }

    private mutating func readPromptFeedback(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue() }
        var state = try scanner.beginObject()
        while let key = try scanner.nextKey(&state) {
            if key.equals("blockReason") {
                isPromptBlocked = try scanner.readStringTokenIfPresent() != nil
            } else {
                try scanner.skipValue()
            }
        }
    }

    private static func readFinish(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Finish? {
        guard let token = try scanner.readStringTokenIfPresent() else { return nil }
        switch token {
        case "STOP": return .stop
        case "MAX_TOKENS": return .maxTokens
        case "SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "LANGUAGE":
            return .filtered
        case "MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL": return .malformedCall
        default: return .other
        }
    }
}
