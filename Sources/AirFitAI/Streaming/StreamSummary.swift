/// Accumulates ``StreamEvent``s into the final shape of one response.
///
/// It is what `airfit debug decode` prints and what the coach stores: all answer text, all reasoning,
/// any refusal, tool calls in order of first appearance, the finish reason, token usage and any
/// in-stream error.
public struct StreamSummary: Sendable, Hashable {
    /// One tool call as accumulated from the stream.
    public struct ToolCall: Sendable, Hashable {
        /// The stream's index for the call.
        public var index: Int
        /// The provider's call id, if it sent one.
        public var id: String?
        /// The tool name.
        public var name: String
        /// The arguments text: the complete text when the call completed, else the fragments so far.
        public var argumentsJSON: String

        /// Creates a tool call.
        public init(index: Int, id: String?, name: String, argumentsJSON: String) {
            self.index = index
            self.id = id
            self.name = name
            self.argumentsJSON = argumentsJSON
        }

        /// The arguments as JSON: `{}` when empty, `{"_raw": text}` when the text is not valid JSON.
        public var arguments: AIJSON {
            if argumentsJSON.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                return .object([])
            }
            return (try? AIJSON(parsing: argumentsJSON)) ?? .object([AIJSONMember("_raw", .string(argumentsJSON))])
        }
    }

    /// An error the provider reported inside the stream.
    public struct StreamError: Sendable, Hashable {
        /// The provider's code or type, if any.
        public var code: String?
        /// The provider's message, verbatim.
        public var message: String

        /// Creates an error.
        public init(code: String?, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// All answer text.
    public private(set) var text = ""
    /// All reasoning text.
    public private(set) var reasoning = ""
    /// The refusal text, or `nil` when the model did not refuse.
    public private(set) var refusal: String?
    /// Tool calls in order of first appearance.
    public private(set) var toolCalls: [ToolCall] = []
    /// Input tokens, if reported.
    public private(set) var inputTokens: Int?
    /// Output tokens, if reported.
    public private(set) var outputTokens: Int?
    /// The part of the input read from the provider's prompt cache, when reported.
    public private(set) var cachedInputTokens: Int?
    /// The part of the output spent on hidden reasoning, when reported.
    public private(set) var reasoningTokens: Int?
    /// Whether the stream reported usage at all.
    public private(set) var hasUsage = false
    /// The first in-stream error, if any.
    public private(set) var error: StreamError?
    private var lastFinishReason: FinishReason?
    private var toolPositions: [Int: Int] = [:]

    /// The finish reason: `error` when the stream carried an error, else the last one reported.
    public var finishReason: FinishReason? { error == nil ? lastFinishReason : .error }

    /// Creates an empty summary.
    public init() {}

    /// Creates a summary of `events`.
    public init(events: some Sequence<StreamEvent>) {
        for event in events { add(event) }
    }

    /// Folds one event into the summary.
    public mutating func add(_ event: StreamEvent) {
        switch event {
        case .textDelta(let piece): text += piece
        case .reasoningDelta(let piece): reasoning += piece
        case .refusalDelta(let piece): refusal = (refusal ?? "") + piece
        case .toolCallStart(let index, let id, let name):
            updateCall(index) { call in
                if let id { call.id = id }
                if !name.isEmpty { call.name = name }
            }
        case .toolCallArgumentsDelta(let index, let fragment):
            updateCall(index) { $0.argumentsJSON += fragment }
        case .toolCallComplete(let index, let id, let name, let argumentsJSON):
            updateCall(index) { call in
                if let id { call.id = id }
                if !name.isEmpty { call.name = name }
                call.argumentsJSON = argumentsJSON
            }
        case .usage(let input, let output):
            hasUsage = true
            if let input { inputTokens = input }
            if let output { outputTokens = output }
        case .usageDetails(let cached, let reasoning):
            if let cached { cachedInputTokens = cached }
            if let reasoning { reasoningTokens = reasoning }
        case .finish(let reason): lastFinishReason = reason
        case .error(let code, let message):
            if error == nil { error = StreamError(code: code, message: message) }
        }
    }

    /// Folds events into the summary in order.
    public mutating func add(contentsOf events: some Sequence<StreamEvent>) {
        for event in events { add(event) }
    }

    private mutating func updateCall(_ index: Int, _ update: (inout ToolCall) -> Void) {
        if let position = toolPositions[index] {
            update(&toolCalls[position])
        } else {
            var call = ToolCall(index: index, id: nil, name: "", argumentsJSON: "")
            update(&call)
            toolPositions[index] = toolCalls.count
            toolCalls.append(call)
        }
    }
}

extension StreamSummary {
    /// The summary as the `airfit debug decode` JSON object.
    public var jsonObject: AIJSON {
        let calls = toolCalls.map { call in
            AIJSON.object([
                AIJSONMember("id", call.id.map(AIJSON.string) ?? .null),
                AIJSONMember("name", .string(call.name)),
                AIJSONMember("arguments", call.arguments),
            ])
        }
        let usage: AIJSON =
            hasUsage
            ? .object([
                AIJSONMember("input_tokens", inputTokens.map(AIJSON.integer) ?? .null),
                AIJSONMember("output_tokens", outputTokens.map(AIJSON.integer) ?? .null),
            ]) : .null
        let failure: AIJSON =
            error.map {
                .object([
                    AIJSONMember("code", $0.code.map(AIJSON.string) ?? .null),
                    AIJSONMember("message", .string($0.message)),
                ])
            } ?? .null
        return .object([
            AIJSONMember("text", .string(text)),
            AIJSONMember("reasoning", .string(reasoning)),
            AIJSONMember("refusal", refusal.map(AIJSON.string) ?? .null),
            AIJSONMember("tool_calls", .array(calls)),
            AIJSONMember("finish_reason", finishReason.map { .string($0.rawValue) } ?? .null),
            AIJSONMember("usage", usage),
            AIJSONMember("error", failure),
        ])
    }

    /// The summary as compact JSON text.
    public func encodedJSON() -> String {
        jsonObject.encoded
    }
}
