/// Builds requests for any OpenAI-compatible server; the key is optional.
public struct CustomRequestBuilder: ProviderRequestBuilder {
    private let base = OpenAIRequestBuilder(flavor: .custom)

    /// Creates a builder.
    public init() {}

    public func chatRequest(_ request: ChatRequest, endpoint: ProviderEndpoint) throws(ServiceError) -> ProviderHTTPRequest {
        try base.chatRequest(request, endpoint: endpoint)
    }

    public func listModelsRequest(endpoint: ProviderEndpoint) -> ProviderHTTPRequest {
        base.listModelsRequest(endpoint: endpoint)
    }
}
