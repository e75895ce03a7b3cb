public import Foundation

/// What the settings screens may show about a stored secret: never the secret itself.
public struct StoredSecretSummary: Sendable, Equatable, Codable {
    /// Provider id (`openai`, `openweathermap`, …).
    public var provider: String
    /// A masked form, e.g. `sk-…AB12`.
    public var masked: String
    public var updatedAt: Date
    /// The only address the secret is ever sent to; nil: the provider's catalog address.
    public var baseURL: String?

    /// Creates a summary.
    public init(provider: String, masked: String, updatedAt: Date, baseURL: String? = nil) {
        self.provider = provider
        self.masked = masked
        self.updatedAt = updatedAt
        self.baseURL = baseURL
    }
}

/// A stored secret with the address it was saved for: the secret goes to that address and nowhere else.
public struct StoredCredential: Sendable, Equatable {
    /// The plaintext secret.
    public var secret: String
    /// The base URL saved with the secret; nil: the provider's catalog address.
    public var baseURL: String?

    /// Creates a credential.
    public init(secret: String, baseURL: String?) {
        self.secret = secret
        self.baseURL = baseURL
    }

    /// Where a request for `provider` goes: the address saved with its key when there is one (the key goes nowhere
    /// else), else the person's own base URL when `provider` is their selected one, else nil (the catalog's).
    public static func baseURL(provider: String, credential: StoredCredential?, user: User) -> String? {
        if let credential { return credential.baseURL }
        guard user.selectedAIProvider == provider, let own = user.aiBaseURL, !own.isEmpty else { return nil }
        return own
    }

    /// Whether this secret may be sent to `baseURL` (nil: the catalog address): only to the address saved with it.
    public func isBound(to baseURL: String?) -> Bool {
        BaseURLRule.sameAddress(self.baseURL, baseURL)
    }
}

/// Per-user, per-provider secrets (LLM and weather API keys), stored encrypted.
///
/// Implementations never log, print or export a secret; `secret(provider:userID:)` is for the
/// code that makes the provider request and nothing else.
public protocol SecretVault: Sendable {
    /// Stores or replaces a secret, bound to `baseURL` (nil: the provider's catalog address).
    func saveSecret(_ secret: String, provider: String, userID: UUID, baseURL: String?) async throws
    /// The plaintext secret and the address it was saved for, for building a provider request.
    func credential(provider: String, userID: UUID) async throws -> StoredCredential?
    /// Removes a secret; returns whether one existed.
    func deleteSecret(provider: String, userID: UUID) async throws -> Bool
    /// Providers with a stored secret, with masked forms.
    func storedSecrets(userID: UUID) async throws -> [StoredSecretSummary]
}

extension SecretVault {
    /// Stores or replaces a secret for the provider's catalog address (weather keys, tests).
    public func saveSecret(_ secret: String, provider: String, userID: UUID) async throws {
        try await saveSecret(secret, provider: provider, userID: userID, baseURL: nil)
    }

    /// The plaintext secret, for a request to the address it was saved for (see ``credential(provider:userID:)``).
    public func secret(provider: String, userID: UUID) async throws -> String? {
        try await credential(provider: provider, userID: userID)?.secret
    }
}

/// Masks secrets for display.
public enum SecretMask {
    private static let knownPrefixes = ["sk-ant-", "sk-or-", "sk-proj-", "sk-", "AIza"]

    /// `sk-…AB12`: a known non-secret prefix, an ellipsis and the last four characters.
    /// Secrets shorter than 12 characters show only "••••".
    public static func mask(_ secret: String) -> String {
        let trimmed = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= 12 else { return "••••" }
        let prefix = knownPrefixes.first { trimmed.hasPrefix($0) } ?? ""
        return "\(prefix)…\(trimmed.suffix(4))"
    }
}

/// An in-memory vault for tests (plaintext in memory, never persisted).
public actor InMemorySecretVault: SecretVault {
    private var secrets: [String: (secret: String, date: Date, baseURL: String?)] = [:]

    /// Creates an empty vault.
    public init() {}

    private func key(_ provider: String, _ userID: UUID) -> String { "\(userID.uuidString)/\(provider)" }

    public func saveSecret(_ secret: String, provider: String, userID: UUID, baseURL: String?) async throws {
        secrets[key(provider, userID)] = (secret, Date(), baseURL)
    }

    public func credential(provider: String, userID: UUID) async throws -> StoredCredential? {
        secrets[key(provider, userID)].map { StoredCredential(secret: $0.secret, baseURL: $0.baseURL) }
    }

    public func deleteSecret(provider: String, userID: UUID) async throws -> Bool {
        secrets.removeValue(forKey: key(provider, userID)) != nil
    }

    public func storedSecrets(userID: UUID) async throws -> [StoredSecretSummary] {
        let prefix = userID.uuidString + "/"
        return secrets.filter { $0.key.hasPrefix(prefix) }
            .map {
                StoredSecretSummary(
                    provider: String($0.key.dropFirst(prefix.count)), masked: SecretMask.mask($0.value.secret), updatedAt: $0.value.date,
                    baseURL: $0.value.baseURL)
            }
            .sorted { $0.provider < $1.provider }
    }
}
