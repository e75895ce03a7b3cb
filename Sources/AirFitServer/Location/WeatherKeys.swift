import AirFitCore
import AirFitWeather
import Foundation

/// The person's keys for the weather providers that need one: kept in the encrypted vault under the ids
/// `WeatherAPIKeySource` reads (`openweathermap`, `weatherapi`), for each provider's own address, shown masked,
/// removable. `airfit keys set openweathermap` stores the same key.
struct WeatherKeys: Sendable {
    let vault: any SecretVault

    /// The providers that take a key, in the order shown.
    static let keyed: [WeatherProviderID] = WeatherProviderID.allCases.filter { $0.secretProvider != nil }

    /// The longest key accepted: far above any weather provider's (32 characters), far below the form limit.
    static let maximumLength = 256

    /// Masked summaries of the stored weather keys.
    func stored(userID: UUID) async throws -> [WeatherProviderID: StoredSecretSummary] {
        var keys: [WeatherProviderID: StoredSecretSummary] = [:]
        for summary in try await vault.storedSecrets(userID: userID) {
            if let provider = Self.keyed.first(where: { $0.secretProvider == summary.provider }) { keys[provider] = summary }
        }
        return keys
    }

    /// Stores `key` for `provider` when it looks like a key.
    /// - Returns: why it was not stored, or nil when it was.
    func save(_ key: String, provider: WeatherProviderID, userID: UUID) async throws -> String? {
        let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
        if let problem = Self.problem(trimmed, provider: provider) { return problem }
        guard let id = provider.secretProvider else { return "\(provider.displayName) needs no key." }
        try await vault.saveSecret(trimmed, provider: id, userID: userID)
        return nil
    }

    /// Removes `provider`'s key; returns whether one was stored.
    func remove(_ provider: WeatherProviderID, userID: UUID) async throws -> Bool {
        guard let id = provider.secretProvider else { return false }
        return try await vault.deleteSecret(provider: id, userID: userID)
    }

    /// Why a (trimmed) key cannot be stored, or nil.
    static func problem(_ key: String, provider: WeatherProviderID) -> String? {
        let name = provider.displayName
        if key.isEmpty { return "Enter the \(name) API key." }
        if key.count > maximumLength { return "That is longer than any \(name) API key: paste only the key." }
        if key.contains(where: \.isWhitespace) { return "An API key has no spaces: paste only the \(name) key." }
        return nil
    }

    /// Where a person gets a key for `provider`.
    static func keyPage(_ provider: WeatherProviderID) -> String? {
        switch provider {
        case .openMeteo: nil
        case .openWeatherMap: "https://home.openweathermap.org/api_keys"
        case .weatherAPI: "https://www.weatherapi.com/my/"
        }
    }
}
