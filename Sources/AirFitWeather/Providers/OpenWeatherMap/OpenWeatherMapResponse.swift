import Foundation

/// The parts of OpenWeatherMap's `/data/2.5/weather` and `/data/2.5/forecast` answers AirFit reads.
enum OpenWeatherMapResponse {
    /// `/data/2.5/weather`.
    struct Current: Decodable, Sendable {
        var weather: [Weather]
        var main: Main
        var wind: Wind?
        var dt: Int
        /// Shift in seconds from UTC.
        var timezone: Int?
        var name: String?
        var sys: Sys?
    }

    /// `/data/2.5/forecast`: 3-hour steps for five days.
    struct Forecast: Decodable, Sendable {
        var list: [Entry]
        var city: City?
    }

    struct Entry: Decodable, Sendable {
        var dt: Int
        var main: Main
        var weather: [Weather]
        /// Probability of precipitation, 0–1.
        var pop: Double?
    }

    struct City: Decodable, Sendable {
        var name: String?
        var country: String?
        var timezone: Int?
    }

    struct Main: Decodable, Sendable {
        var temp: Double
        var feelsLike: Double?
        var tempMin: Double?
        var tempMax: Double?
        var humidity: Double?

        enum CodingKeys: String, CodingKey {
            case temp, humidity
            case feelsLike = "feels_like"
            case tempMin = "temp_min"
            case tempMax = "temp_max"
        }
    }

    struct Weather: Decodable, Sendable {
        var id: Int
        var description: String?
    }

    struct Wind: Decodable, Sendable {
        /// m/s with `units=metric`, mph with `units=imperial`.
        var speed: Double
    }

    struct Sys: Decodable, Sendable {
        var country: String?
    }

    /// OpenWeatherMap's error body: `{"cod": 401, "message": "Invalid API key. …"}` (`cod` is sometimes a string).
    struct ErrorBody: Decodable, Sendable {
        var message: String?
    }
}
