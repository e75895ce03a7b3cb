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
    /// The person the requests are for (their privacy choices, request log and usage); nil for one-off CLI requests.
    public var userID: UUID?
    /// The person's time zone (their usage month); nil without a person.
    public var timeZone: TimeZone?
    /// Other providers to try, in order, when this one fails before answering (see ``route``).
    public var fallbacks: [CoachModelSelection] = []

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
        selection.timeZone = TimeZone(identifier: user.timeZone) ?? .gmt
        selection.fallbacks = await fallbacks(of: user, vault: vault)
        return selection
    }

    /// The person's usable fallbacks, in order: each with its stored key and the address saved with it; one without a
    /// key it needs (removed since) is skipped.
    static func fallbacks(of user: User, vault: any SecretVault) async -> [CoachModelSelection] {
        var chain: [CoachModelSelection] = []
        for step in user.aiFallbacks ?? [] {
            guard let provider = AIProviderID(rawValue: step.provider), step.provider != user.selectedAIProvider else { continue }
            let credential = try? await vault.credential(provider: step.provider, userID: user.id)
            if AIProviderCatalog.info(provider).requiresKey, credential?.secret.isEmpty ?? true { continue }
            var selection = CoachModelSelection(
                provider: provider, model: step.model, key: credential?.secret, baseURL: credential?.baseURL,
                temperature: user.aiTemperature, maxTokens: user.aiMaxTokens)
            selection.userID = user.id
            selection.timeZone = TimeZone(identifier: user.timeZone) ?? .gmt
            chain.append(selection)
        }
        return chain
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

    /// Streams `request` along this selection's ``route`` (budget checked, fallbacks tried, usage recorded), keeping
    /// each request's exact body in the person's request log (Settings → Privacy → "Show the last request").
    /// - Throws: ``UsageBudgetError`` or the last provider's error, before any event.
    func stream(
        _ request: ChatRequest, through streamer: any ChatStreaming, purpose: UsagePurpose, log: (any ProviderRequestLog)? = nil,
        now: Date = Date()
    ) async throws -> AsyncThrowingStream<StreamEvent, any Error> {
        try await open(request, through: streamer, purpose: purpose, log: log, now: now).events()
    }

    /// The model's whole answer to `request` (for one-shot calls: goal analysis, a recommendation's reason).
    /// - Throws: ``ServiceError/providerError(code:message:)`` for an error in the stream, ``ServiceError/timeout`` when
    ///   `timeout` passes first.
    func answer(
        _ request: ChatRequest, through streamer: any ChatStreaming, purpose: UsagePurpose, timeout: Duration,
        log: (any ProviderRequestLog)? = nil
    ) async throws -> String {
        try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                let stream = try await stream(request, through: streamer, purpose: purpose, log: log)
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
