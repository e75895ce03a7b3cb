public import Foundation
public import Logging

/// Builds the provider a person picked; the one place that knows every provider type.
public enum WeatherProviderCatalog {
    /// A provider for `id`.
    /// - Parameters:
    ///   - baseURL: overrides the provider's default host (tests, proxies).
    ///   - keys: the person's keys; Open-Meteo ignores them.
    ///   - timeout: how long one request may take.
    public static func provider(
        _ id: WeatherProviderID, baseURL: URL? = nil, keys: WeatherAPIKeySource = .none, http: any WeatherHTTPClient,
        timeout: Duration = .seconds(30), logger: Logger = Logger(label: "airfit.weather")
    ) -> any WeatherProvider {
        let url = baseURL ?? id.defaultBaseURL
        switch id {
        case .openMeteo:
            return OpenMeteoProvider(baseURL: url, http: http, timeout: timeout, logger: logger)
        case .openWeatherMap:
            return OpenWeatherMapProvider(keys: keys, baseURL: url, http: http, timeout: timeout, logger: logger)
        case .weatherAPI:
            return WeatherAPIProvider(keys: keys, baseURL: url, http: http, timeout: timeout, logger: logger)
        }
    }
}
