public import Foundation

/// The credit a provider asks for wherever its data is shown.
public struct WeatherAttribution: Codable, Sendable, Hashable {
    /// "Weather data by Open-Meteo.com".
    public var text: String
    /// The page the credit links to.
    public var url: URL

    /// Creates an attribution.
    public init(text: String, url: URL) {
        self.text = text
        self.url = url
    }

    /// Open-Meteo's required credit (CC BY 4.0).
    public static let openMeteo = WeatherAttribution(
        text: "Weather data by Open-Meteo.com", url: URL(string: "https://open-meteo.com/")!)
    /// OpenWeatherMap's requested credit.
    public static let openWeatherMap = WeatherAttribution(
        text: "Weather data by OpenWeather", url: URL(string: "https://openweathermap.org/")!)
    /// WeatherAPI.com's requested credit.
    public static let weatherAPI = WeatherAttribution(
        text: "Powered by WeatherAPI.com", url: URL(string: "https://www.weatherapi.com/")!)
}
