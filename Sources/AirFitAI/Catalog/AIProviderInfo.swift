/// What AirFit knows about one provider: where it lives, its models and limits, and how to get a key.
public struct AIProviderInfo: Sendable, Hashable {
    /// The provider.
    public var id: AIProviderID
    /// The name shown to people.
    public var displayName: String
    /// The API base URL, without a trailing slash.
    public var baseURL: String
    /// The model used when none is chosen.
    public var defaultModel: String
    /// Models known to work, with their limits.
    public var models: [AIModelInfo]
    /// The largest output token count accepted for models not in ``models``.
    public var maxTokens: Int
    /// The output token count sent when the request does not choose one.
    public var defaultMaxOutputTokens: Int
    /// The highest temperature the provider accepts.
    public var maxTemperature: Double
    /// Whether requests need a key.
    public var requiresKey: Bool
    /// How to get a key, in one or two sentences.
    public var keyInstructions: String
    /// Where to get a key; `nil` when none is needed.
    public var keyURL: String?

    /// The output token limit for `model`: the model's own limit, or else ``maxTokens``.
    public func maxOutputTokens(model: String) -> Int {
        models.first { $0.id == model }?.maxOutputTokens ?? maxTokens
    }

    /// The known model with this id.
    public func model(_ id: String) -> AIModelInfo? {
        models.first { $0.id == id }
    }

    /// The catalog's name for model `id` ("GPT-4o mini"), or the id itself for a model the catalog does not list.
    public func modelName(_ id: String) -> String {
        model(id)?.name ?? id
    }
}

/// A model in the catalog.
public struct AIModelInfo: Sendable, Hashable {
    /// The provider's model id.
    public var id: String
    /// The model's name for people ("GPT-4o mini").
    public var name: String
    /// Context window in tokens.
    public var contextLength: Int
    /// Largest output in tokens.
    public var maxOutputTokens: Int

    /// Creates a model entry.
    public init(_ id: String, name: String, contextLength: Int, maxOutputTokens: Int) {
        self.id = id
        self.name = name
        self.contextLength = contextLength
        self.maxOutputTokens = maxOutputTokens
    }
}
