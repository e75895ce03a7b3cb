import Foundation

/// The parts of WeatherAPI.com's `/v1/current.json` and `/v1/forecast.json` answers AirFit reads.
struct WeatherAPIResponse: Decodable, Sendable {
    var location: Location
    var current: Current?
    var forecast: Forecast?

    struct Location: Decodable, Sendable {
        var name: String?
        var region: String?
        var country: String?
        var localtimeEpoch: Int?
        /// Local wall-clock time, "2024-06-01 13:05".
        var localtime: String?

        enum CodingKeys: String, CodingKey {
            case name, region, country, localtime
            case localtimeEpoch = "localtime_epoch"
        }
    }

    struct Condition: Decodable, Sendable {
        var text: String?
        var code: Int?
    }

    struct Current: Decodable, Sendable {
        var lastUpdatedEpoch: Int
        var tempC: Double
        var tempF: Double
        var feelslikeC: Double?
        var feelslikeF: Double?
        var windKph: Double?
        var windMph: Double?
        var humidity: Double?
        var condition: Condition

        enum CodingKeys: String, CodingKey {
            case humidity, condition
            case lastUpdatedEpoch = "last_updated_epoch"
            case tempC = "temp_c"
            case tempF = "temp_f"
            case feelslikeC = "feelslike_c"
            case feelslikeF = "feelslike_f"
            case windKph = "wind_kph"
            case windMph = "wind_mph"
        }
    }

    struct Forecast: Decodable, Sendable {
        var forecastday: [ForecastDay]
    }

    struct ForecastDay: Decodable, Sendable {
        /// "2024-06-01", local to the location.
        var date: String
        var day: Day
        var hour: [Hour]?
    }

    struct Day: Decodable, Sendable {
        var maxtempC: Double
        var maxtempF: Double
        var mintempC: Double
        var mintempF: Double
        var dailyChanceOfRain: LenientNumber?
        var dailyChanceOfSnow: LenientNumber?
        var condition: Condition

        enum CodingKeys: String, CodingKey {
            case condition
            case maxtempC = "maxtemp_c"
            case maxtempF = "maxtemp_f"
            case mintempC = "mintemp_c"
            case mintempF = "mintemp_f"
            case dailyChanceOfRain = "daily_chance_of_rain"
            case dailyChanceOfSnow = "daily_chance_of_snow"
        }
    }

    struct Hour: Decodable, Sendable {
        var timeEpoch: Int
        var tempC: Double
        var tempF: Double
        var condition: Condition
        var chanceOfRain: LenientNumber?
        var chanceOfSnow: LenientNumber?

        enum CodingKeys: String, CodingKey {
            case condition
            case timeEpoch = "time_epoch"
            case tempC = "temp_c"
            case tempF = "temp_f"
            case chanceOfRain = "chance_of_rain"
            case chanceOfSnow = "chance_of_snow"
        }
    }

    /// WeatherAPI.com's error body: `{"error": {"code": 2006, "message": "API key is invalid."}}`.
    struct ErrorBody: Decodable, Sendable {
        struct Detail: Decodable, Sendable {
            var code: Int?
            var message: String?
        }
        var error: Detail
    }
}

/// A number that older WeatherAPI.com answers sent as text ("86") and newer ones as a number.
struct LenientNumber: Decodable, Sendable, Hashable {
    var value: Double?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            value = number
        } else {
            value = (try? container.decode(String.self)).flatMap { Double($0) }
        }
    }
}
