/// How a provider answered a health check.
public struct ProviderHealth: Sendable, Hashable {
    /// Reachability.
    public enum Status: String, Sendable, Hashable {
        /// Answered and accepted the key.
        case healthy
        /// Answered but refused the key.
        case unauthorized
        /// Did not answer usefully.
        case unreachable
        /// Not checked: a key is needed and none is saved.
        case notConfigured = "not configured"
    }

    /// The provider.
    public var provider: AIProviderID
    /// The outcome.
    public var status: Status
    /// Round-trip time of the check, when it ran.
    public var latency: Duration?
    /// The last error, for a person.
    public var lastError: String?
}

extension AIClient {
    /// Checks `provider` with a model-list request, timing it.
    public func health(provider: AIProviderID, key: String?, baseURL: String? = nil) async -> ProviderHealth {
        if AIProviderCatalog.info(provider).requiresKey && (key ?? "").isEmpty {
            return ProviderHealth(provider: provider, status: .notConfigured, latency: nil, lastError: nil)
        }
        let started = ContinuousClock.now
        let result = await KeyValidator(client: self).check(key, provider: provider, baseURL: baseURL)
        let latency = ContinuousClock.now - started
        switch result {
        case .ok: return ProviderHealth(provider: provider, status: .healthy, latency: latency, lastError: nil)
        case .rejected(let why), .badFormat(let why):
            return ProviderHealth(provider: provider, status: .unauthorized, latency: latency, lastError: why)
        case .unreachable(let why):
            return ProviderHealth(provider: provider, status: .unreachable, latency: latency, lastError: why)
        }
    }
}
