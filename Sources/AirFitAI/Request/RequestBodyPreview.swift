/// The exact JSON body a chat request sends to a provider, built by the same request builder the client uses.
///
/// Keys travel in headers only; the body is built with a placeholder key and refused if the placeholder shows up
/// in it, so a recorded body can never hold a key.
public enum RequestBodyPreview {
    private static let placeholder = "airfit-placeholder-key-0000000000000000"

    /// The body `request` sends to `provider` at `baseURL`, or nil when the request cannot be built.
    public static func body(for request: ChatRequest, provider: AIProviderID, baseURL: String?) -> String? {
        let endpoint = ProviderEndpoint(provider: provider, baseURL: baseURL, key: placeholder)
        guard let built = try? provider.requestBuilder.chatRequest(request, endpoint: endpoint) else { return nil }
        let body = String(decoding: built.body, as: UTF8.self)
        return body.contains(placeholder) ? nil : body
    }
}
