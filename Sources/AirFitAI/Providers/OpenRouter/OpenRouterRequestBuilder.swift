/// Builds OpenRouter requests: the OpenAI format with `max_tokens` and attribution headers.
public struct OpenRouterRequestBuilder: ProviderRequestBuilder {
    private let base = OpenAIRequestBuilder(flavor: .openrouter)

    /// Creates a builder.
    public init() {}

    public func chatRequest(_ request: ChatRequest, endpoint: ProviderEndpoint) throws(ServiceError) -> ProviderHTTPRequest {
        try base.chatRequest(request, endpoint: endpoint)
    }

    public func listModelsRequest(endpoint: ProviderEndpoint) -> ProviderHTTPRequest {
        base.listModelsRequest(endpoint: endpoint)
    }
}
