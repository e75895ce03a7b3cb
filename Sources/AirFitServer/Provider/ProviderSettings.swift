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

    /// The stored key for `provider`, for building a request and nothing else.
    func key(_ provider: AIProviderID, userID: UUID) async throws -> String? {
        try await vault.secret(provider: provider.rawValue, userID: userID)
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
        let result = await KeyValidator(client: client).check(
            trimmed, provider: provider, baseURL: baseURL ?? Self.baseURL(for: provider, user: user), live: !skipTest)
        guard result.isOK else { return result }
        try await vault.saveSecret(trimmed, provider: provider.rawValue, userID: user.id)
        var updated = user
        if Self.selected(updated) == nil { updated.selectedAIProvider = provider.rawValue }
        if let baseURL, Self.selected(updated) == provider { updated.aiBaseURL = baseURL }
        if updated != user { try await repository.updateUser(updated) }
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
        try await repository.updateUser(updated)
        return Removal(removed: true, switchedTo: next)
    }

    /// Saves a validated configuration; refuses a provider that needs a key and has none.
    /// - Throws: ``ProviderSettingsError/missingAPIKey(_:)``.
    func save(_ configuration: ProviderConfiguration, user: User) async throws {
        guard Self.isUsable(configuration.provider, keys: try await storedKeys(userID: user.id)) else {
            throw ProviderSettingsError.missingAPIKey(configuration.provider)
        }
        var updated = user
        updated.selectedAIProvider = configuration.provider.rawValue
        updated.selectedAIModel = configuration.model
        updated.aiTemperature = configuration.temperature
        updated.aiMaxTokens = configuration.maxTokens
        updated.aiBaseURL = configuration.baseURL
        try await repository.updateUser(updated)
    }

    /// The provider's models: the live list when it can be asked within ``modelListDeadline``, else the catalog's.
    func models(_ provider: AIProviderID, key: String?, baseURL: String?) async -> (models: [String], live: Bool) {
        let catalog = AIProviderCatalog.info(provider).models.map(\.id)
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

    var errorDescription: String? {
        switch self {
        case .missingAPIKey(let provider):
            return "Add an API key for \(AIProviderCatalog.info(provider).displayName) before saving this configuration."
        }
    }
}
