public import AirFitCore
public import Foundation

/// Where keyed providers get the person's API key: the secret vault, read at each request.
public struct WeatherAPIKeySource: Sendable {
    private let read: @Sendable (String) async throws -> String?

    /// Reads keys for `userID` from `vault`, under the provider ids "openweathermap" and "weatherapi".
    public init(vault: any SecretVault, userID: UUID) {
        read = { provider in try await vault.secret(provider: provider, userID: userID) }
    }

    /// A source with no keys at all: keyed providers report ``WeatherError/missingAPIKey(_:)``.
    public static let none = WeatherAPIKeySource { _ in nil }

    private init(read: @escaping @Sendable (String) async throws -> String?) {
        self.read = read
    }

    /// The key for `provider`.
    /// - Throws: ``WeatherError/missingAPIKey(_:)`` when none is stored, ``WeatherError/keyUnreadable(_:)`` when the vault fails.
    func key(for provider: WeatherProviderID) async throws -> String {
        let stored: String?
        do {
            stored = try await read(provider.secretProvider ?? provider.rawValue)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw WeatherError.keyUnreadable(provider)
        }
        guard let key = stored?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty else {
            throw WeatherError.missingAPIKey(provider)
        }
        return key
    }
}
