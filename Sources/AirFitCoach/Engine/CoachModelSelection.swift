public import AirFitAI
public import AirFitCore
public import Foundation

/// The provider, model, key and sampling settings the coach uses for one person.
public struct CoachModelSelection: Sendable, Equatable {
    public var provider: AIProviderID
    /// The model id; `nil` uses the provider's default.
    public var model: String?
    /// The provider key; `nil` for providers without keys.
    public var key: String?
    /// Overrides the catalog base URL (custom endpoints, a non-default Ollama host).
    public var baseURL: String?
    public var temperature: Double?
    public var maxTokens: Int?
    /// The person the requests are for (their privacy choices and request log); nil for one-off CLI requests.
    public var userID: UUID?

    /// Creates a selection.
    public init(
        provider: AIProviderID, model: String? = nil, key: String? = nil, baseURL: String? = nil, temperature: Double? = nil,
        maxTokens: Int? = nil
    ) {
        self.provider = provider
        self.model = model
        self.key = key
        self.baseURL = baseURL
        self.temperature = temperature
        self.maxTokens = maxTokens
    }

    /// The model that will answer: the chosen one or the provider's default.
    public var resolvedModel: String { model ?? AIProviderCatalog.info(provider).defaultModel }

    /// The person's saved choice with its key from the vault.
    /// - Throws: ``CoachError`` when no provider is chosen, the id is unknown, or a required key is missing.
    public static func resolve(user: User, vault: any SecretVault) async throws -> CoachModelSelection {
        guard let name = user.selectedAIProvider, !name.isEmpty else { throw CoachError.noProvider }
        guard let provider = AIProviderID(rawValue: name) else { throw CoachError.unknownProvider(name) }
        let info = AIProviderCatalog.info(provider)
        let credential = try await vault.credential(provider: name, userID: user.id)
        if info.requiresKey, credential?.secret.isEmpty ?? true { throw CoachError.missingKey(provider: info.displayName) }
        // A stored key goes only to the base URL saved with it.
        var selection = CoachModelSelection(
            provider: provider, model: user.selectedAIModel, key: credential?.secret,
            baseURL: StoredCredential.baseURL(provider: name, credential: credential, user: user), temperature: user.aiTemperature,
            maxTokens: user.aiMaxTokens)
        selection.userID = user.id
        return selection
    }

    /// The selection if the person has a usable provider, else `nil` (for features that fall back, like goal analysis).
    public static func resolveIfAvailable(user: User, vault: any SecretVault) async -> CoachModelSelection? {
        try? await resolve(user: user, vault: vault)
    }

    /// A request with this selection's model and sampling settings.
    func request(systemPrompt: String?, messages: [ChatMessage], tools: [ToolDefinition] = [], maxTokens: Int? = nil) -> ChatRequest {
        ChatRequest(
            model: model, systemPrompt: systemPrompt, messages: messages, tools: tools, temperature: temperature,
            maxTokens: maxTokens.map { min($0, self.maxTokens ?? $0) } ?? self.maxTokens)
    }

    /// Streams `request` through `streamer` with this selection's provider, key and base URL, first keeping its exact
    /// body in the person's request log (Settings → Privacy → "Show the last request") when there is one.
    func stream(
        _ request: ChatRequest, through streamer: any ChatStreaming, log: (any ProviderRequestLog)? = nil, now: Date = Date()
    ) async -> AsyncThrowingStream<StreamEvent, any Error> {
        if let log, let userID, let body = RequestBodyPreview.body(for: request, provider: provider, baseURL: baseURL) {
            let record = ProviderRequestRecord(
                userID: userID, createdAt: now, provider: provider.rawValue, model: resolvedModel, body: body)
            // The log is a courtesy: a failed write never stops the coach from answering.
            try? await log.recordProviderRequest(record)
        }
        return streamer.stream(request: request, provider: provider, key: key, baseURL: baseURL)
    }

    /// The model's whole answer to `request` (for one-shot calls: goal analysis, a recommendation's reason).
    /// - Throws: ``ServiceError/providerError(code:message:)`` for an error in the stream, ``ServiceError/timeout`` when
    ///   `timeout` passes first.
    func answer(
        _ request: ChatRequest, through streamer: any ChatStreaming, timeout: Duration, log: (any ProviderRequestLog)? = nil
    ) async throws -> String {
        let stream = await stream(request, through: streamer, log: log)
        return try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                var summary = StreamSummary()
                for try await event in stream { summary.add(event) }
                if let error = summary.error { throw ServiceError.providerError(code: error.code ?? "stream", message: error.message) }
                return summary.text
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let text = first else { throw ServiceError.timeout }
            return text
        }
    }
}
