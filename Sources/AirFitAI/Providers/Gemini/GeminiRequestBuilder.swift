import Foundation

/// Builds Gemini `streamGenerateContent?alt=sse` requests (`x-goog-api-key`, `functionDeclarations`,
/// `functionCall`/`functionResponse` parts).
public struct GeminiRequestBuilder: ProviderRequestBuilder {
    /// Creates a builder.
    public init() {}

    public func chatRequest(_ request: ChatRequest, endpoint: ProviderEndpoint) throws(ServiceError) -> ProviderHTTPRequest {
        let (model, maxTokens) = try request.prepared(endpoint)
        let key = try endpoint.requiredKey()
        var body: [AIJSONMember] = []
        if let system = request.systemPrompt {
            body.append(AIJSONMember("systemInstruction", .object([AIJSONMember("parts", .array([Self.text(system)]))])))
        }
        body.append(AIJSONMember("contents", .array(Self.contents(request.messages))))
        if !request.tools.isEmpty {
            let declarations = request.tools.map { tool in
                AIJSON.object([
                    AIJSONMember("name", .string(tool.name)), AIJSONMember("description", .string(tool.description)),
                    AIJSONMember("parameters", tool.parameters),
                ])
            }
            body.append(AIJSONMember("tools", .array([.object([AIJSONMember("functionDeclarations", .array(declarations))])])))
        }
        var config: [AIJSONMember] = []
        if let temperature = request.temperature { config.append(AIJSONMember("temperature", .temperature(temperature))) }
        config.append(AIJSONMember("maxOutputTokens", .integer(maxTokens)))
        body.append(AIJSONMember("generationConfig", .object(config)))
        return ProviderHTTPRequest(
            url: endpoint.baseURL + "/v1beta/models/\(Self.pathSegment(model)):streamGenerateContent?alt=sse",
            headers: headers(key: key, json: true), body: AIJSON.object(body).bytes)
    }

    public func listModelsRequest(endpoint: ProviderEndpoint) -> ProviderHTTPRequest {
        ProviderHTTPRequest(method: "GET", url: endpoint.baseURL + "/v1beta/models", headers: headers(key: endpoint.key, json: false))
    }

    private func headers(key: String?, json: Bool) -> [HTTPHeaderField] {
        var fields: [HTTPHeaderField] = []
        if json { fields.append(HTTPHeaderField("Content-Type", "application/json")) }
        if let key { fields.append(HTTPHeaderField("x-goog-api-key", key)) }
        return fields
    }

    /// Maps turns to `contents`; consecutive turns of one role share a content entry.
    static func contents(_ messages: [ChatMessage]) -> [AIJSON] {
        var out: [(role: String, parts: [AIJSON])] = []
        func append(_ role: String, _ part: AIJSON) {
            if let last = out.last, last.role == role { out[out.count - 1].parts.append(part) } else { out.append((role, [part])) }
        }
        for message in messages {
            switch message {
            case .user(let text): append("user", Self.text(text))
            case .assistant(let text, let calls):
                if !text.isEmpty || calls.isEmpty { append("model", Self.text(text)) }
                for call in calls {
                    append(
                        "model",
                        .object([
                            AIJSONMember(
                                "functionCall",
                                .object([AIJSONMember("name", .string(call.name)), AIJSONMember("args", call.argumentsObject)]))
                        ]))
                }
            case .toolResult(_, let name, let content):
                append(
                    "user",
                    .object([
                        AIJSONMember(
                            "functionResponse",
                            .object([AIJSONMember("name", .string(name)), AIJSONMember("response", responseObject(content))]))
                    ]))
            }
        }
        return out.map { .object([AIJSONMember("role", .string($0.role)), AIJSONMember("parts", .array($0.parts))]) }
    }

    /// Gemini wants an object: a JSON object result is sent as is, anything else as `{"result": ...}`.
    static func responseObject(_ content: String) -> AIJSON {
        if let value = try? AIJSON(parsing: content), case .object = value { return value }
        return .object([AIJSONMember("result", .string(content))])
    }

    private static func text(_ text: String) -> AIJSON { .object([AIJSONMember("text", .string(text))]) }

    /// Model ids may arrive as `models/x`; the path wants the bare id, percent-encoded.
    static func pathSegment(_ model: String) -> String {
        let bare = model.hasPrefix("models/") ? String(model.dropFirst(7)) : model
        return bare.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", ":", "?"])) ?? bare
    }
}
