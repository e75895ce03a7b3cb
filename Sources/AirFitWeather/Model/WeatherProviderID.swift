public import Foundation

/// The weather services AirFit can ask.
public enum WeatherProviderID: String, Codable, CaseIterable, Sendable, Hashable {
    /// Open-Meteo: free, no key; the default.
    case openMeteo = "open-meteo"
    /// OpenWeatherMap: needs the person's key.
    case openWeatherMap = "openweathermap"
    /// WeatherAPI.com: needs the person's key.
    case weatherAPI = "weatherapi"

    /// The name a person reads.
    public var displayName: String {
        switch self {
        case .openMeteo: "Open-Meteo"
        case .openWeatherMap: "OpenWeatherMap"
        case .weatherAPI: "WeatherAPI.com"
        }
    }

    /// The id under which the person's key is kept in the secret vault; nil when no key is needed.
    public var secretProvider: String? {
        switch self {
        case .openMeteo: nil
        case .openWeatherMap: "openweathermap"
        case .weatherAPI: "weatherapi"
        }
    }

    /// Where requests go unless a base URL is given.
    public var defaultBaseURL: URL {
        switch self {
        case .openMeteo: URL(string: "https://api.open-meteo.com")!
        case .openWeatherMap: URL(string: "https://api.openweathermap.org")!
        case .weatherAPI: URL(string: "https://api.weatherapi.com")!
        }
    }

    /// The credit to show with this provider's data.
    public var attribution: WeatherAttribution {
        switch self {
        case .openMeteo: .openMeteo
        case .openWeatherMap: .openWeatherMap
        case .weatherAPI: .weatherAPI
        }
    }

    /// The most forecast days the provider returns (fewer come back when more are asked for).
    public var maximumForecastDays: Int {
        switch self {
        case .openMeteo: 16
        case .openWeatherMap: 5
        case .weatherAPI: 14
        }
    }
}
