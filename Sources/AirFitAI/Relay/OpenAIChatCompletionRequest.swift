/// A `POST /v1/chat/completions` request body, decoded and checked, ready to send to any provider.
///
/// Read and used: `model`, `messages`, `tools`, `tool_choice`, `temperature`, `max_tokens` /
/// `max_completion_tokens` (the latter wins when both are sent), `stream`, `stream_options.include_usage` and `n`
/// (which must be 1).
///
/// Accepted and ignored: `user`, `top_p`, `stop`, `seed`, `presence_penalty`, `frequency_penalty`,
/// `parallel_tool_calls`, `metadata`, `store`, `response_format` of type `text`, and `logprobs: false`. Any
/// other `response_format` and `logprobs: true` are refused as not supported. Unknown fields are ignored;
/// `null` counts as absent.
///
/// `tool_choice`: `"auto"` and `"required"` keep the tools (`"required"` is not enforced: the model may still
/// answer in text), an object naming a function keeps the tools (the name must be one of them; it is not forced
/// either), and `"none"` drops them.
public struct OpenAIChatCompletionRequest: Sendable {
    /// The model the client asked for, as sent.
    public var model: String
    /// Whether the client wants a server-sent event stream.
    public var stream: Bool
    /// Whether the stream should end with a usage chunk (`stream_options.include_usage`).
    public var includeUsage: Bool
    /// The provider-neutral request: model, system prompt, messages, tools, temperature and output limit.
    public var chatRequest: ChatRequest
    /// The field the output limit came from (`max_tokens` or `max_completion_tokens`), to name it in errors.
    public var maxTokensField = "max_tokens"

    /// The highest `max_tokens` / `max_completion_tokens` accepted; providers apply their own lower limits later.
    static let maxTokensLimit = 1_000_000

    /// Decodes and checks a request body.
    /// - Parameter body: the UTF-8 JSON body.
    /// - Returns: the request.
    /// - Throws: ``OpenAIRelayError`` naming the first field that is missing, malformed or unsupported.
    public static func decode(_ body: some Collection<UInt8>) throws(OpenAIRelayError) -> OpenAIChatCompletionRequest {
        let root: AIJSON
        do {
            root = try AIJSON(parsing: body)
        } catch {
            throw .invalidJSON
        }
        guard case .object = root else { throw .notAnObject }

        guard let modelValue = root.relayMember("model") else { throw .missingField(field: "model") }
        let model = try modelValue.relayString("model")
        guard !model.allSatisfy(\.isWhitespace) else { throw .emptyField(field: "model") }

        try checkUnsupported(root)
        let stream = try root.relayMember("stream")?.relayBool("stream") ?? false
        var includeUsage = false
        if let options = root.relayMember("stream_options") {
            try options.relayRequireObject("stream_options")
            includeUsage = try options.relayMember("include_usage")?.relayBool("stream_options.include_usage") ?? false
        }
        let temperature = try root.relayMember("temperature")?.relayNumber(
            "temperature", in: 0...2, allowed: "a number from 0 to 2")
        var maxTokens = try root.relayMember("max_tokens")?.relayInteger("max_tokens", in: 1...maxTokensLimit)
        var maxTokensField = "max_tokens"
        if let value = try root.relayMember("max_completion_tokens")?.relayInteger("max_completion_tokens", in: 1...maxTokensLimit) {
            maxTokens = value
            maxTokensField = "max_completion_tokens"
        }

        guard let messagesValue = root.relayMember("messages") else { throw .missingField(field: "messages") }
        let elements = try messagesValue.relayArray("messages")
        guard !elements.isEmpty else { throw .emptyField(field: "messages") }
        var reader = OpenAIMessageReader()
        for (offset, element) in elements.enumerated() {
            try reader.read(element, field: "messages[\(offset)]")
        }
        guard !reader.messages.isEmpty else { throw .noConversation }

        var tools = try OpenAIToolReader.tools(root.relayMember("tools"))
        if try OpenAIToolReader.choiceDropsTools(root.relayMember("tool_choice"), tools: tools) { tools = [] }

        let request = ChatRequest(
            model: model, systemPrompt: reader.systemPrompt, messages: reader.messages, tools: tools,
            temperature: temperature, maxTokens: maxTokens)
        return OpenAIChatCompletionRequest(
            model: model, stream: stream, includeUsage: includeUsage, chatRequest: request, maxTokensField: maxTokensField)
    }

    /// Refuses `n` other than 1, `logprobs: true` and a `response_format` other than `text`.
    private static func checkUnsupported(_ root: AIJSON) throws(OpenAIRelayError) {
        if let n = root.relayMember("n") {
            guard case .number(let text) = n else { throw .wrongType(field: "n", expected: "the number 1") }
            guard Double(text) == 1 else { throw .unsupportedValue(field: "n", value: text, supported: "1 (AirFit returns one choice)") }
        }
        if let logprobs = root.relayMember("logprobs"), try logprobs.relayBool("logprobs") {
            throw .unsupportedFeature(field: "logprobs", feature: "logprobs")
        }
        if let format = root.relayMember("response_format") {
            try format.relayRequireObject("response_format")
            guard let typeValue = format.relayMember("type") else { throw .missingField(field: "response_format.type") }
            let type = try typeValue.relayString("response_format.type")
            guard type == "text" else {
                throw .unsupportedValue(field: "response_format.type", value: type, supported: "\"text\" or leave response_format out")
            }
        }
    }
}
