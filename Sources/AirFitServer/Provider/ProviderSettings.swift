import AirFitAI
import AirFitCore
import Foundation

/// The spec's AI configuration rules for one person: which keys are stored, where the chosen provider lives,
/// adding a key (format check, live test, save), removing one, and saving the provider and model.
///
/// It follows `airfit keys set`: a base URL belongs to the selected provider (`User.aiBaseURL`, which the
/// coach uses) and is saved with its key; the first key saved chooses that provider.
struct ProviderSettings: Sendable {
    let vault: any SecretVault
    let client: AIClient
    let repository: any AirFitRepository

    /// How long a page waits for a provider's live model list before showing the catalog's.
    static let modelListDeadline: Duration = .seconds(4)

    /// The longest key accepted: far above any provider's, far below the form limit.
    static let maxKeyLength = 1024

    /// What happened when a key was removed.
    struct Removal: Sendable, Equatable {
        /// Whether a key was stored.
        var removed: Bool
        /// The provider now active, when removing the active provider's key switched to another.
        var switchedTo: AIProviderID?
    }

    /// Masked summaries of the stored AI keys (weather keys are left out).
    func storedKeys(userID: UUID) async throws -> [AIProviderID: StoredSecretSummary] {
        var keys: [AIProviderID: StoredSecretSummary] = [:]
        for summary in try await vault.storedSecrets(userID: userID) {
            if let provider = AIProviderID(rawValue: summary.provider) { keys[provider] = summary }
        }
        return keys
    }

    /// The settings hub's provider row: the provider's name, and "No API key" when it needs one and has none.
    func hubSummary(_ user: User) async throws -> String {
        guard let provider = Self.selected(user) else { return "Not chosen" }
        let name = AIProviderCatalog.info(provider).displayName
        return Self.isUsable(provider, keys: try await storedKeys(userID: user.id)) ? name : "\(name) · No API key"
    }

    /// The stored key for `provider` with the only address it may be sent to, for building a request and nothing else.
    func credential(_ provider: AIProviderID, userID: UUID) async throws -> StoredCredential? {
        try await vault.credential(provider: provider.rawValue, userID: userID)
    }

    /// The address requests for `provider` go to, for display: the one saved with its key, else the person's own.
    static func address(of provider: AIProviderID, user: User, keys: [AIProviderID: StoredSecretSummary]) -> String {
        let own = keys[provider].map { $0.baseURL } ?? baseURL(for: provider, user: user)
        return own ?? AIProviderCatalog.info(provider).baseURL
    }

    /// Why `baseURL` cannot be saved for `provider`: its stored key was saved for another address, and a key is
    /// only ever sent to the address saved with it (a new address needs the key again).
    static func bindingProblem(_ provider: AIProviderID, baseURL: String?, keys: [AIProviderID: StoredSecretSummary]) -> String? {
        guard let summary = keys[provider], !BaseURLRule.sameAddress(summary.baseURL, baseURL) else { return nil }
        let name = AIProviderCatalog.info(provider).displayName
        return "Your \(name) key was saved for \(summary.baseURL ?? AIProviderCatalog.info(provider).baseURL). "
            + "A key is only sent to the address it was saved with: to use another base URL, add the key again with that address."
    }

    /// Where `provider` is reached for `user`: their base URL when it is the selected provider, else nil
    /// (the catalog's), as the coach resolves it.
    static func baseURL(for provider: AIProviderID, user: User) -> String? {
        guard selected(user) == provider, let own = user.aiBaseURL, !own.isEmpty else { return nil }
        return own
    }

    /// The provider the person uses, when they chose a known one.
    static func selected(_ user: User) -> AIProviderID? {
        user.selectedAIProvider.flatMap(AIProviderID.init(rawValue:))
    }

    /// Whether `provider` can be used: it has a stored key or needs none.
    static func isUsable(_ provider: AIProviderID, keys: [AIProviderID: StoredSecretSummary]) -> Bool {
        keys[provider] != nil || !AIProviderCatalog.info(provider).requiresKey
    }

    /// Checks `key` (format, then a live model-list request unless `skipTest`) and saves it only when it passes.
    ///
    /// As `airfit keys set` does, a person without a provider gets this one, and `baseURL` (already
    /// validated) is saved when this is their provider.
    /// - Parameter baseURL: where to test the key; nil: the person's own for this provider, else the catalog's.
    /// - Returns: the check's outcome; nothing is stored unless it is ``KeyCheckResult/ok(models:)``.
    func addKey(_ key: String, provider: AIProviderID, user: User, baseURL: String?, skipTest: Bool) async throws -> KeyCheckResult {
        let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .badFormat("enter the key") }
        guard trimmed.count <= Self.maxKeyLength else { return .badFormat("it is longer than any API key") }
        // The key is tested at, and bound to, the address typed with it (empty: the catalog's).
        let result = await KeyValidator(client: client).check(trimmed, provider: provider, baseURL: baseURL, live: !skipTest)
        guard result.isOK else { return result }
        try await vault.saveSecret(trimmed, provider: provider.rawValue, userID: user.id, baseURL: baseURL)
        var updated = user
        if Self.selected(updated) == nil { updated.selectedAIProvider = provider.rawValue }
        if Self.selected(updated) == provider { updated.aiBaseURL = baseURL }
        if updated != user { try await repository.updateUser(updated, from: user) }
        return result
    }

    /// Removes `provider`'s key; when it was the active provider's, switches to the first other provider
    /// (in catalog order) with a stored key and its default model (the spec's `deleteAPIKey`).
    func removeKey(_ provider: AIProviderID, user: User) async throws -> Removal {
        let removed = try await vault.deleteSecret(provider: provider.rawValue, userID: user.id)
        guard removed, Self.selected(user) == provider else { return Removal(removed: removed, switchedTo: nil) }
        let remaining = try await storedKeys(userID: user.id)
        guard let next = AIProviderID.allCases.first(where: { $0 != provider && remaining[$0] != nil }) else {
            return Removal(removed: true, switchedTo: nil)
        }
        let info = AIProviderCatalog.info(next)
        var updated = user
        updated.selectedAIProvider = next.rawValue
        updated.selectedAIModel = info.defaultModel
        // The base URL was the old provider's address.
        updated.aiBaseURL = nil
        // Settings the new provider would refuse fall back to its defaults.
        if let tokens = updated.aiMaxTokens, tokens > info.maxOutputTokens(model: info.defaultModel) { updated.aiMaxTokens = nil }
        if let temperature = updated.aiTemperature, temperature > info.maxTemperature { updated.aiTemperature = nil }
        try await repository.updateUser(updated, from: user)
        return Removal(removed: true, switchedTo: next)
    }

    /// Saves a validated configuration; refuses a provider that needs a key and has none.
    /// - Throws: ``ProviderSettingsError/missingAPIKey(_:)``.
    /// Saves the member's fallback chain.
    func saveFallbacks(_ chain: [AIFallback], user: User) async throws {
        var updated = user
        updated.aiFallbacks = chain.isEmpty ? nil : chain
        try await repository.updateUser(updated, from: user)
    }

    func save(_ configuration: ProviderConfiguration, user: User) async throws {
        let keys = try await storedKeys(userID: user.id)
        guard Self.isUsable(configuration.provider, keys: keys) else {
            throw ProviderSettingsError.missingAPIKey(configuration.provider)
        }
        if let problem = Self.bindingProblem(configuration.provider, baseURL: configuration.baseURL, keys: keys) {
            throw ProviderSettingsError.keyBoundElsewhere(problem)
        }
        var updated = user
        updated.selectedAIProvider = configuration.provider.rawValue
        updated.selectedAIModel = configuration.model
        updated.aiTemperature = configuration.temperature
        updated.aiMaxTokens = configuration.maxTokens
        updated.aiBaseURL = configuration.baseURL
        try await repository.updateUser(updated, from: user)
    }

    /// The catalog's models for `provider` (what a page shows before anyone asks the provider).
    static func catalogModels(_ provider: AIProviderID) -> [String] { AIProviderCatalog.info(provider).models.map(\.id) }

    /// The provider's models: the live list when it can be asked within ``modelListDeadline``, else the catalog's.
    ///
    /// Asks only on a POST (see the provider page): the stored key goes to the address saved with it, and a
    /// provider without a stored key is asked at the person's own address for it.
    func liveModels(_ provider: AIProviderID, user: User) async throws -> (models: [String], live: Bool) {
        let credential = try await credential(provider, userID: user.id)
        let baseURL = StoredCredential.baseURL(provider: provider.rawValue, credential: credential, user: user)
        return await models(provider, key: credential?.secret, baseURL: baseURL)
    }

    private func models(_ provider: AIProviderID, key: String?, baseURL: String?) async -> (models: [String], live: Bool) {
        let catalog = Self.catalogModels(provider)
        if AIProviderCatalog.info(provider).requiresKey && key == nil { return (catalog, false) }
        let client = client
        let answer = await Deadline.run(Self.modelListDeadline) {
            await client.modelsWithFallback(provider: provider, key: key, baseURL: baseURL)
        }
        return answer ?? (catalog, false)
    }
}

/// Why a configuration was not saved.
enum ProviderSettingsError: Error, LocalizedError, Equatable {
    case missingAPIKey(AIProviderID)
    /// The provider's key was saved for another base URL (the message says which and what to do).
    case keyBoundElsewhere(String)

    var errorDescription: String? {
        switch self {
        case .keyBoundElsewhere(let message): return message
        case .missingAPIKey(let provider):
            return "Add an API key for \(AIProviderCatalog.info(provider).displayName) before saving this configuration."
        }
    }
}
