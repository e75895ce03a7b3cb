/// Builds OpenAI chat-completions requests; OpenRouter and custom endpoints reuse it with their flavor.
public struct OpenAIRequestBuilder: ProviderRequestBuilder {
    /// The OpenAI-compatible dialects.
    public enum Flavor: Sendable, Hashable {
        /// api.openai.com: `max_completion_tokens`.
        case openai
        /// OpenRouter: `max_tokens` plus attribution headers.
        case openrouter
        /// Any compatible server: `max_tokens`, key optional.
        case custom
    }

    /// The dialect.
    public var flavor: Flavor

    /// Creates a builder.
    public init(flavor: Flavor) {
        self.flavor = flavor
    }

    public func chatRequest(_ request: ChatRequest, endpoint: ProviderEndpoint) throws(ServiceError) -> ProviderHTTPRequest {
        let (model, maxTokens) = try request.prepared(endpoint)
        let key = try endpoint.requiredKey()
        var body: [AIJSONMember] = [
            AIJSONMember("model", .string(model)),
            AIJSONMember("messages", .array(Self.messages(request))),
        ]
        if !request.tools.isEmpty {
            body.append(AIJSONMember("tools", .array(request.tools.map(Self.tool))))
        }
        if let temperature = request.temperature {
            body.append(AIJSONMember("temperature", .temperature(temperature)))
        }
        body.append(AIJSONMember(flavor == .openai ? "max_completion_tokens" : "max_tokens", .integer(maxTokens)))
        body.append(AIJSONMember("stream", .bool(true)))
        body.append(AIJSONMember("stream_options", .object([AIJSONMember("include_usage", .bool(true))])))
        return ProviderHTTPRequest(
            url: endpoint.baseURL + "/chat/completions", headers: headers(key: key, json: true),
            body: AIJSON.object(body).bytes)
    }

    public func listModelsRequest(endpoint: ProviderEndpoint) -> ProviderHTTPRequest {
        ProviderHTTPRequest(method: "GET", url: endpoint.baseURL + "/models", headers: headers(key: endpoint.key, json: false))
    }

    private func headers(key: String?, json: Bool) -> [HTTPHeaderField] {
        var fields: [HTTPHeaderField] = []
        if json { fields.append(HTTPHeaderField("Content-Type", "application/json")) }
        if let key { fields.append(HTTPHeaderField("Authorization", "Bearer \(key)")) }
        if json { fields.append(HTTPHeaderField("Accept", "text/event-stream")) }
        if flavor == .openrouter {
            fields.append(HTTPHeaderField("HTTP-Referer", "https://github.com/airfit"))
            fields.append(HTTPHeaderField("X-Title", "AirFit"))
        }
        return fields
    }

    static func messages(_ request: ChatRequest) -> [AIJSON] {
        var out: [AIJSON] = []
        if let system = request.systemPrompt {
            out.append(.object([AIJSONMember("role", .string("system")), AIJSONMember("content", .string(system))]))
        }
        for message in request.messages {
            switch message {
            case .user(let text):
                out.append(.object([AIJSONMember("role", .string("user")), AIJSONMember("content", .string(text))]))
            case .assistant(let text, let calls):
                var members = [
                    AIJSONMember("role", .string("assistant")),
                    AIJSONMember("content", text.isEmpty && !calls.isEmpty ? .null : .string(text)),
                ]
                if !calls.isEmpty {
                    members.append(AIJSONMember("tool_calls", .array(calls.map(toolCall))))
                }
                out.append(.object(members))
            case .toolResult(let callID, _, let content):
                out.append(
                    .object([
                        AIJSONMember("role", .string("tool")), AIJSONMember("tool_call_id", .string(callID)),
                        AIJSONMember("content", .string(content)),
                    ]))
            }
        }
        return out
    }

    static func toolCall(_ call: ToolCall) -> AIJSON {
        .object([
            AIJSONMember("id", .string(call.id)), AIJSONMember("type", .string("function")),
            AIJSONMember(
                "function",
                .object([AIJSONMember("name", .string(call.name)), AIJSONMember("arguments", .string(call.argumentsJSON))])),
        ])
    }

    static func tool(_ tool: ToolDefinition) -> AIJSON {
        .object([
            AIJSONMember("type", .string("function")),
            AIJSONMember(
                "function",
                .object([
                    AIJSONMember("name", .string(tool.name)), AIJSONMember("description", .string(tool.description)),
                    AIJSONMember("parameters", tool.parameters),
                ])),
        ])
    }
}
