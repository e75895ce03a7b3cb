/// Collects ``StreamEvent``s into a non-streaming OpenAI `chat.completion` response.
///
/// The message holds the text (`content` is `null` when the model only called tools), `refusal`, and
/// `tool_calls` with their whole arguments (ids synthesised as the stream writer does when the provider sent
/// none); usage counts are 0 when the provider reported none. Reasoning is left out. An in-stream error is the
/// caller's to report with ``OpenAIErrorBody/json(message:type:param:code:)``; the builder does not.
public struct OpenAICompletionBuilder: Sendable {
    private let id: String
    private let model: String
    private let created: Int
    private var summary = StreamSummary()

    /// Creates a builder for one response.
    /// - Parameters:
    ///   - id: the completion id (`chatcmpl-…`).
    ///   - model: the model name to report.
    ///   - created: the Unix time in seconds.
    public init(id: String, model: String, created: Int) {
        self.id = id
        self.model = model
        self.created = created
    }

    /// Folds one event into the response.
    public mutating func add(_ event: StreamEvent) {
        summary.add(event)
    }

    /// The `chat.completion` object as compact JSON text.
    public func response() -> String {
        let stem = OpenAIWire.toolCallStem(completionID: id)
        let calls = summary.toolCalls.enumerated().map { position, call in
            let arguments = call.argumentsJSON.isEmpty ? "{}" : call.argumentsJSON
            return AIJSON.object([
                AIJSONMember(
                    "id", .string(call.id.flatMap { $0.isEmpty ? nil : $0 } ?? OpenAIWire.toolCallID(stem: stem, index: position))),
                AIJSONMember("type", .string("function")),
                AIJSONMember(
                    "function", .object([AIJSONMember("name", .string(call.name)), AIJSONMember("arguments", .string(arguments))])),
            ])
        }
        var message: [AIJSONMember] = [
            AIJSONMember("role", .string("assistant")),
            AIJSONMember("content", summary.text.isEmpty && !calls.isEmpty ? .null : .string(summary.text)),
            AIJSONMember("refusal", summary.refusal.map(AIJSON.string) ?? .null),
        ]
        if !calls.isEmpty { message.append(AIJSONMember("tool_calls", .array(calls))) }
        let usage = OpenAIWire.usage(input: summary.inputTokens, output: summary.outputTokens)
        let choice = AIJSON.object([
            AIJSONMember("index", .integer(0)),
            AIJSONMember("message", .object(message)),
            AIJSONMember("logprobs", .null),
            AIJSONMember("finish_reason", .string(OpenAIWire.finishReason(summary.finishReason, hasToolCalls: !calls.isEmpty))),
        ])
        return AIJSON.object([
            AIJSONMember("id", .string(id)),
            AIJSONMember("object", .string("chat.completion")),
            AIJSONMember("created", .integer(created)),
            AIJSONMember("model", .string(model)),
            AIJSONMember("choices", .array([choice])),
            AIJSONMember(
                "usage",
                .object([
                    AIJSONMember("prompt_tokens", .integer(usage.prompt)),
                    AIJSONMember("completion_tokens", .integer(usage.completion)),
                    AIJSONMember("total_tokens", .integer(usage.total)),
                ])),
        ]).encoded
    }
}
