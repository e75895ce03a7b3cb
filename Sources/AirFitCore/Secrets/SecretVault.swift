import Foundation

/// What the settings screens may show about a stored secret: never the secret itself.
public struct StoredSecretSummary: Sendable, Equatable, Codable {
    /// Provider id (`openai`, `openweathermap`, …).
    public var provider: String
    /// A masked form, e.g. `sk-…AB12`.
    public var masked: String
    public var updatedAt: Date

    /// Creates a summary.
    public init(provider: String, masked: String, updatedAt: Date) {
        self.provider = provider
        self.masked = masked
        self.updatedAt = updatedAt
    }
}

/// Per-user, per-provider secrets (LLM and weather API keys), stored encrypted.
///
/// Implementations never log, print or export a secret; `secret(provider:userID:)` is for the
/// code that makes the provider request and nothing else.
public protocol SecretVault: Sendable {
    /// Stores or replaces a secret.
    func saveSecret(_ secret: String, provider: String, userID: UUID) async throws
    /// The plaintext secret, for building a provider request.
    func secret(provider: String, userID: UUID) async throws -> String?
    /// Removes a secret; returns whether one existed.
    func deleteSecret(provider: String, userID: UUID) async throws -> Bool
    /// Providers with a stored secret, with masked forms.
    func storedSecrets(userID: UUID) async throws -> [StoredSecretSummary]
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
    private var secrets: [String: (String, Date)] = [:]

    /// Creates an empty vault.
    public init() {}

    private func key(_ provider: String, _ userID: UUID) -> String { "\(userID.uuidString)/\(provider)" }

    public func saveSecret(_ secret: String, provider: String, userID: UUID) async throws {
        secrets[key(provider, userID)] = (secret, Date())
    }

    public func secret(provider: String, userID: UUID) async throws -> String? { secrets[key(provider, userID)]?.0 }

    public func deleteSecret(provider: String, userID: UUID) async throws -> Bool {
        secrets.removeValue(forKey: key(provider, userID)) != nil
    }

    public func storedSecrets(userID: UUID) async throws -> [StoredSecretSummary] {
        let prefix = userID.uuidString + "/"
        return secrets.filter { $0.key.hasPrefix(prefix) }
            .map {
                StoredSecretSummary(
                    provider: String($0.key.dropFirst(prefix.count)), masked: SecretMask.mask($0.value.0), updatedAt: $0.value.1)
            }
            .sorted { $0.provider < $1.provider }
    }
}
