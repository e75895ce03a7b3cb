/// Builds Anthropic Messages requests (`x-api-key`, `anthropic-version`, `tool_use`/`tool_result` blocks).
public struct AnthropicRequestBuilder: ProviderRequestBuilder {
    /// The API version header value.
    public static let apiVersion = "2023-06-01"

    /// Creates a builder.
    public init() {}

    public func chatRequest(_ request: ChatRequest, endpoint: ProviderEndpoint) throws(ServiceError) -> ProviderHTTPRequest {
        let (model, maxTokens) = try request.prepared(endpoint)
        let key = try endpoint.requiredKey()
        var body: [AIJSONMember] = [AIJSONMember("model", .string(model)), AIJSONMember("max_tokens", .integer(maxTokens))]
        if let system = request.systemPrompt { body.append(AIJSONMember("system", .string(system))) }
        body.append(AIJSONMember("messages", .array(Self.messages(request.messages))))
        if !request.tools.isEmpty {
            body.append(
                AIJSONMember(
                    "tools",
                    .array(
                        request.tools.map { tool in
                            .object([
                                AIJSONMember("name", .string(tool.name)), AIJSONMember("description", .string(tool.description)),
                                AIJSONMember("input_schema", tool.parameters),
                            ])
                        })))
        }
        if let temperature = request.temperature { body.append(AIJSONMember("temperature", .temperature(temperature))) }
        body.append(AIJSONMember("stream", .bool(true)))
        return ProviderHTTPRequest(
            url: endpoint.baseURL + "/messages", headers: headers(key: key, json: true), body: AIJSON.object(body).bytes)
    }

    public func listModelsRequest(endpoint: ProviderEndpoint) -> ProviderHTTPRequest {
        ProviderHTTPRequest(method: "GET", url: endpoint.baseURL + "/models", headers: headers(key: endpoint.key, json: false))
    }

    private func headers(key: String?, json: Bool) -> [HTTPHeaderField] {
        var fields: [HTTPHeaderField] = []
        if json { fields.append(HTTPHeaderField("Content-Type", "application/json")) }
        if let key { fields.append(HTTPHeaderField("x-api-key", key)) }
        fields.append(HTTPHeaderField("anthropic-version", Self.apiVersion))
        return fields
    }

    /// Maps turns to Anthropic messages; consecutive tool results share one `user` message.
    static func messages(_ messages: [ChatMessage]) -> [AIJSON] {
        var out: [(role: String, blocks: [AIJSON])] = []
        func append(_ role: String, _ block: AIJSON) {
            if let last = out.last, last.role == role {
                out[out.count - 1].blocks.append(block)
            } else {
                out.append((role, [block]))
            }
        }
        for message in messages {
            switch message {
            case .user(let text):
                append("user", textBlock(text))
            case .assistant(let text, let calls):
                if !text.isEmpty || calls.isEmpty { append("assistant", textBlock(text)) }
                for call in calls {
                    append(
                        "assistant",
                        .object([
                            AIJSONMember("type", .string("tool_use")), AIJSONMember("id", .string(call.id)),
                            AIJSONMember("name", .string(call.name)), AIJSONMember("input", call.argumentsObject),
                        ]))
                }
            case .toolResult(let callID, _, let content):
                append(
                    "user",
                    .object([
                        AIJSONMember("type", .string("tool_result")), AIJSONMember("tool_use_id", .string(callID)),
                        AIJSONMember("content", .string(content)),
                    ]))
            }
        }
        return out.map { turn in
            // A single text block is sent as a plain string, the common form.
            if turn.blocks.count == 1, case .object(let members) = turn.blocks[0], members.first?.value == .string("text"),
                members.count == 2
            {
                return .object([AIJSONMember("role", .string(turn.role)), AIJSONMember("content", members[1].value)])
            }
            return .object([AIJSONMember("role", .string(turn.role)), AIJSONMember("content", .array(turn.blocks))])
        }
    }

    private static func textBlock(_ text: String) -> AIJSON {
        .object([AIJSONMember("type", .string("text")), AIJSONMember("text", .string(text))])
    }
}
