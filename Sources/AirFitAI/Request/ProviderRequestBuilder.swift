/// Turns a ``ChatRequest`` into one provider's HTTP request.
///
/// Implementations validate the request against the catalog first and never put the key anywhere but
/// the provider's auth header (or, where a provider requires it, nowhere visible in errors).
public protocol ProviderRequestBuilder: Sendable {
    /// The streaming chat request.
    /// - Throws: ``ServiceError/invalidConfiguration(_:)`` when the request breaks a limit, or
    ///   ``ServiceError/notConfigured`` when a required key is missing.
    func chatRequest(_ request: ChatRequest, endpoint: ProviderEndpoint) throws(ServiceError) -> ProviderHTTPRequest

    /// A cheap request that lists models; used to test keys and fetch the live model list.
    func listModelsRequest(endpoint: ProviderEndpoint) -> ProviderHTTPRequest
}

extension AIProviderID {
    /// The request builder for this provider.
    public var requestBuilder: any ProviderRequestBuilder {
        switch self {
        case .openai: OpenAIRequestBuilder(flavor: .openai)
        case .openrouter: OpenRouterRequestBuilder()
        case .custom: CustomRequestBuilder()
        case .anthropic: AnthropicRequestBuilder()
        case .gemini: GeminiRequestBuilder()
        case .ollama: OllamaRequestBuilder()
        }
    }
}

extension ProviderEndpoint {
    /// The key, or ``ServiceError/notConfigured`` when the provider needs one and none is set.
    func requiredKey() throws(ServiceError) -> String? {
        if info.requiresKey && key == nil { throw .notConfigured }
        return key
    }
}

extension ChatRequest {
    /// Validates and returns the model and output token limit.
    func prepared(_ endpoint: ProviderEndpoint) throws(ServiceError) -> (model: String, maxTokens: Int) {
        try validate(for: endpoint.info)
        return (resolvedModel(endpoint.info), resolvedMaxTokens(endpoint.info))
    }
}

extension AIJSON {
    /// A JSON number from a temperature, in its shortest form (`1`, `0.7`).
    static func temperature(_ value: Double) -> AIJSON {
        .number(value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value))
    }

    /// The UTF-8 bytes of the compact encoding.
    var bytes: [UInt8] { Array(encoded.utf8) }
}
