/// The AI provider configuration form as posted.
struct ProviderForm: Decodable {
    /// `choose` ("Show this provider's settings") or `save`.
    @FormText var action: String?
    /// The radio's provider.
    @FormText var provider: String?
    /// The provider whose settings the page showed.
    @FormText var shown: String?
    @FormText var model: String?
    @FormText var temperature: String?
    @FormText var maxTokens: String?
    @FormText var baseURL: String?

    enum CodingKeys: String, CodingKey {
        case action, provider, shown, model, temperature
        case maxTokens = "max_tokens"
        case baseURL = "base_url"
    }
}

/// The API key form as posted. The key is never shown again.
struct KeyForm: Decodable {
    @FormText var key: String?
    @FormText var baseURL: String?
    /// "Save without testing", offered after a provider could not be reached.
    @Checkbox var skipTest: Bool

    enum CodingKeys: String, CodingKey {
        case key
        case baseURL = "base_url"
        case skipTest = "skip_test"
    }
}
