import Foundation

/// The outcome of checking a key.
public enum KeyCheckResult: Sendable, Hashable {
    /// The provider accepted the key; `models` is how many models it offers, when known.
    case ok(models: Int?)
    /// The key does not look like this provider's keys; nothing was sent.
    case badFormat(String)
    /// The provider refused the key (401/403, or Gemini's 400 for an invalid key).
    case rejected(String)
    /// The provider could not be asked (network, timeout, server error, wrong base URL).
    case unreachable(String)

    /// Whether the key may be saved.
    public var isOK: Bool {
        if case .ok = self { true } else { false }
    }

    /// One line for a person, never containing the key.
    public var message: String {
        switch self {
        case .ok(let models): "Key accepted" + (models.map { " (\($0) models available)" } ?? "")
        case .badFormat(let why): "Key has the wrong format: \(why)"
        case .rejected(let why): "Key rejected: \(why)"
        case .unreachable(let why): "Could not test the key: \(why)"
        }
    }
}

/// Checks a key: the format rules first, then a cheap live request (the model list).
public struct KeyValidator: Sendable {
    private let client: AIClient

    /// Creates a validator sending through `client`.
    public init(client: AIClient) {
        self.client = client
    }

    /// Checks `key` for `provider`.
    /// - Parameters:
    ///   - key: the key as typed; `nil` or empty for providers without keys.
    ///   - baseURL: overrides the catalog base URL.
    ///   - live: `false` checks only the format.
    public func check(_ key: String?, provider: AIProviderID, baseURL: String? = nil, live: Bool = true) async -> KeyCheckResult {
        let trimmed = key?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if AIProviderCatalog.info(provider).requiresKey || !trimmed.isEmpty,
            let problem = APIKeyFormat.problem(trimmed, for: provider)
        {
            return .badFormat(problem)
        }
        guard live else { return .ok(models: nil) }
        let endpoint = ProviderEndpoint(provider: provider, baseURL: baseURL, key: trimmed)
        var http = provider.requestBuilder.listModelsRequest(endpoint: endpoint)
        // OpenRouter lists models without a key; its `/key` endpoint checks the key itself.
        if provider == .openrouter { http.url = endpoint.baseURL + "/key" }
        do {
            let body = try await client.fetch(http, endpoint: endpoint)
            return .ok(models: ModelListParser.ids(body, provider: provider)?.count)
        } catch {
            return Self.classify(error, baseURL: endpoint.baseURL)
        }
    }

    /// Only an explicit refusal says the key is bad; anything else (a wrong base URL included) says the key
    /// could not be tested, so a person is not told to replace a key that may be fine.
    static func classify(_ error: ServiceError, baseURL: String) -> KeyCheckResult {
        switch error {
        case .authenticationFailed(let why):
            return .rejected(why)
        case .providerError("404", _):
            return .unreachable("the provider at \(baseURL) has no models endpoint (HTTP 404) — check the base URL")
        case .providerError("400", let message) where message.localizedCaseInsensitiveContains("api key"):
            // Gemini answers an invalid key with 400 INVALID_ARGUMENT "API key not valid".
            return .rejected("HTTP 400: \(message)")
        case .providerError(let code, let message):
            return .unreachable("the provider answered HTTP \(code): \(message)")
        default:
            return .unreachable(error.errorDescription ?? "unknown error")
        }
    }
}
