/// Builds Ollama native `/api/chat` requests (NDJSON streaming, no key).
public struct OllamaRequestBuilder: ProviderRequestBuilder {
    /// Creates a builder.
    public init() {}

    public func chatRequest(_ request: ChatRequest, endpoint: ProviderEndpoint) throws(ServiceError) -> ProviderHTTPRequest {
        let (model, maxTokens) = try request.prepared(endpoint)
        var messages: [AIJSON] = []
        if let system = request.systemPrompt { messages.append(Self.message("system", system)) }
        for message in request.messages {
            switch message {
            case .user(let text): messages.append(Self.message("user", text))
            case .assistant(let text, let calls):
                var members = [AIJSONMember("role", .string("assistant")), AIJSONMember("content", .string(text))]
                if !calls.isEmpty {
                    let wire = calls.map { call in
                        AIJSON.object([
                            AIJSONMember(
                                "function",
                                .object([AIJSONMember("name", .string(call.name)), AIJSONMember("arguments", call.argumentsObject)]))
                        ])
                    }
                    members.append(AIJSONMember("tool_calls", .array(wire)))
                }
                messages.append(.object(members))
            case .toolResult(_, let name, let content):
                messages.append(
                    .object([
                        AIJSONMember("role", .string("tool")), AIJSONMember("content", .string(content)),
                        AIJSONMember("tool_name", .string(name)),
                    ]))
            }
        }
        var body = [AIJSONMember("model", .string(model)), AIJSONMember("messages", .array(messages))]
        if !request.tools.isEmpty { body.append(AIJSONMember("tools", .array(request.tools.map(OpenAIRequestBuilder.tool)))) }
        var options: [AIJSONMember] = []
        if let temperature = request.temperature { options.append(AIJSONMember("temperature", .temperature(temperature))) }
        options.append(AIJSONMember("num_predict", .integer(maxTokens)))
        body.append(AIJSONMember("options", .object(options)))
        body.append(AIJSONMember("stream", .bool(true)))
        var headers = [HTTPHeaderField("Content-Type", "application/json")]
        if let key = endpoint.key { headers.append(HTTPHeaderField("Authorization", "Bearer \(key)")) }
        return ProviderHTTPRequest(url: endpoint.baseURL + "/api/chat", headers: headers, body: AIJSON.object(body).bytes)
    }

    public func listModelsRequest(endpoint: ProviderEndpoint) -> ProviderHTTPRequest {
        var headers: [HTTPHeaderField] = []
        if let key = endpoint.key { headers.append(HTTPHeaderField("Authorization", "Bearer \(key)")) }
        return ProviderHTTPRequest(method: "GET", url: endpoint.baseURL + "/api/tags", headers: headers)
    }

    private static func message(_ role: String, _ text: String) -> AIJSON {
        .object([AIJSONMember("role", .string(role)), AIJSONMember("content", .string(text))])
    }
}
