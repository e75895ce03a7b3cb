import Foundation

/// The parts of Open-Meteo's `/v1/forecast` answer AirFit reads.
struct OpenMeteoResponse: Decodable, Sendable {
    var latitude: Double
    var longitude: Double
    var utcOffsetSeconds: Int?
    var current: Current?
    var hourly: Hourly?
    var daily: Daily?

    struct Current: Decodable, Sendable {
        var time: OpenMeteoTime
        var temperature: Double
        var relativeHumidity: Double
        var apparentTemperature: Double
        var weatherCode: Double
        var windSpeed: Double

        enum CodingKeys: String, CodingKey {
            case time
            case temperature = "temperature_2m"
            case relativeHumidity = "relative_humidity_2m"
            case apparentTemperature = "apparent_temperature"
            case weatherCode = "weather_code"
            case windSpeed = "wind_speed_10m"
        }
    }

    /// Parallel arrays, one element per hour; model gaps come as null.
    struct Hourly: Decodable, Sendable {
        var time: [OpenMeteoTime]
        var temperature: [Double?]
        var weatherCode: [Double?]
        var precipitationProbability: [Double?]?

        enum CodingKeys: String, CodingKey {
            case time
            case temperature = "temperature_2m"
            case weatherCode = "weather_code"
            case precipitationProbability = "precipitation_probability"
        }
    }

    /// Parallel arrays, one element per day.
    struct Daily: Decodable, Sendable {
        var time: [OpenMeteoTime]
        var weatherCode: [Double?]
        var temperatureMax: [Double?]
        var temperatureMin: [Double?]
        var precipitationProbabilityMax: [Double?]?

        enum CodingKeys: String, CodingKey {
            case time
            case weatherCode = "weather_code"
            case temperatureMax = "temperature_2m_max"
            case temperatureMin = "temperature_2m_min"
            case precipitationProbabilityMax = "precipitation_probability_max"
        }
    }

    /// Open-Meteo's error body: `{"error": true, "reason": "…"}`.
    struct ErrorBody: Decodable, Sendable {
        var reason: String?
    }

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, current, hourly, daily
        case utcOffsetSeconds = "utc_offset_seconds"
    }
}

/// A time as Open-Meteo sends it: Unix seconds (`timeformat=unixtime`, what AirFit asks for) or
/// local ISO 8601 text ("2024-06-01T13:00", "2024-06-01") in the default format.
enum OpenMeteoTime: Decodable, Sendable, Hashable {
    case unix(Int)
    case local(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Int.self) {
            self = .unix(seconds)
        } else {
            self = .local(try container.decode(String.self))
        }
    }

    /// The instant, given the location's UTC offset; nil for unreadable text.
    func instant(utcOffsetSeconds: Int) -> Date? {
        switch self {
        case .unix(let seconds):
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        case .local(let text):
            return WallClock.instant(text, utcOffsetSeconds: utcOffsetSeconds)
        }
    }

    /// The local calendar day (daily Unix times are local midnight expressed in UTC seconds).
    func localDate(utcOffsetSeconds: Int) -> LocalDate? {
        switch self {
        case .unix(let seconds):
            return LocalDate(Date(timeIntervalSince1970: TimeInterval(seconds)), utcOffsetSeconds: utcOffsetSeconds)
        case .local(let text):
            return LocalDate(iso8601: text.prefix(10))
        }
    }
}
