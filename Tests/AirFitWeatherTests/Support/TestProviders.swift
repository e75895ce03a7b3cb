import AirFitCore
import AirFitWeather
import Foundation

/// Providers wired to a fake server, and keys in an in-memory vault.
enum TestProviders {
    static let userID = UUID(uuidString: "6F1B2C3D-0000-4000-8000-000000000001")!
    static let openWeatherMapKey = "owm0123456789abcdef0123456789abcd"
    static let weatherAPIKey = "wapi9876543210fedcba9876543210"
    /// One client for the whole run (never shut down, so never deinitialised), failing fast on refused connections.
    static let client = AsyncHTTPWeatherClient.makeFailFastClient()
    static let http = AsyncHTTPWeatherClient(client: client)

    static func keys(openWeatherMap: String? = openWeatherMapKey, weatherAPI: String? = weatherAPIKey) async throws -> WeatherAPIKeySource {
        let vault = InMemorySecretVault()
        if let openWeatherMap { try await vault.saveSecret(openWeatherMap, provider: "openweathermap", userID: userID) }
        if let weatherAPI { try await vault.saveSecret(weatherAPI, provider: "weatherapi", userID: userID) }
        return WeatherAPIKeySource(vault: vault, userID: userID)
    }

    static func openMeteo(_ server: FakeWeatherServer, timeout: Duration = .seconds(5)) -> OpenMeteoProvider {
        OpenMeteoProvider(baseURL: server.baseURL, http: http, timeout: timeout)
    }

    static func openWeatherMap(_ server: FakeWeatherServer, keys: WeatherAPIKeySource, timeout: Duration = .seconds(5))
        -> OpenWeatherMapProvider
    {
        OpenWeatherMapProvider(keys: keys, baseURL: server.baseURL, http: http, timeout: timeout)
    }

    static func weatherAPI(_ server: FakeWeatherServer, keys: WeatherAPIKeySource, timeout: Duration = .seconds(5)) -> WeatherAPIProvider {
        WeatherAPIProvider(keys: keys, baseURL: server.baseURL, http: http, timeout: timeout)
    }
}

/// Runs `body` and returns the ``WeatherError`` it throws; nil when it throws something else or nothing.
func weatherError(_ body: () async throws -> Void) async -> WeatherError? {
    do {
        try await body()
        return nil
    } catch let error as WeatherError {
        return error
    } catch {
        return nil
    }
}
