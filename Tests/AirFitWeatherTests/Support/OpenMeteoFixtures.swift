import Foundation

/// Open-Meteo `/v1/forecast` bodies as the API sends them with `timezone=auto&timeformat=unixtime`, for Berlin
/// on Saturday 2024-06-01 (UTC+2), observed 12:00 UTC.
enum OpenMeteoFixtures {
    static let observedAt = 1_717_243_200  // 2024-06-01T12:00Z
    static let localMidnight = 1_717_192_800  // 2024-06-01T00:00+02:00

    static func current(imperial: Bool) -> String {
        let (temperature, apparent, wind) = imperial ? (65.1, 62.8, 7.4) : (18.4, 17.1, 11.9)
        let (temperatureUnit, windUnit) = imperial ? ("°F", "mp/h") : ("°C", "km/h")
        return """
            {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.0429153442382812,"utc_offset_seconds":7200,
             "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,
             "current_units":{"time":"unixtime","interval":"seconds","temperature_2m":"\(temperatureUnit)","relative_humidity_2m":"%",
               "apparent_temperature":"\(temperatureUnit)","weather_code":"wmo code","wind_speed_10m":"\(windUnit)"},
             "current":{"time":\(observedAt),"interval":900,"temperature_2m":\(temperature),"relative_humidity_2m":62,
               "apparent_temperature":\(apparent),"weather_code":2,"wind_speed_10m":\(wind)}}
            """
    }

    /// Three days; hour 5 has a null temperature (dropped) and hour 6 a null probability (kept).
    static func forecast(days: Int = 3, imperial: Bool = false) -> String {
        let hours = days * 24
        let times = (0..<hours).map { String(localMidnight + $0 * 3600) }
        let temperatures = (0..<hours).map { index -> String in
            if index == 5 { return "null" }
            let celsius = 12.0 + Double(index % 24) / 2
            return String(format: "%.1f", imperial ? celsius * 9 / 5 + 32 : celsius)
        }
        let codes = (0..<hours).map { index in index % 24 < 12 ? "0" : "61" }
        let probabilities = (0..<hours).map { index in index == 6 ? "null" : String(index % 24 < 12 ? 5 : 70) }
        let dailyTimes = (0..<days).map { String(localMidnight + $0 * 86_400) }
        let highs = (0..<days).map { String(format: "%.1f", imperial ? (23.5 + Double($0)) * 9 / 5 + 32 : 23.5 + Double($0)) }
        let lows = (0..<days).map { String(format: "%.1f", imperial ? (12.0 + Double($0)) * 9 / 5 + 32 : 12.0 + Double($0)) }
        let dailyCodes = ["61", "95", "3", "0", "45", "71", "2", "1", "80", "51", "65", "75", "96", "99", "53", "55"].prefix(days)
        let dailyProbabilities = (0..<days).map { $0 == 2 ? "null" : String(70 + $0) }
        let unit = imperial ? "°F" : "°C"
        return """
            {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.123,"utc_offset_seconds":7200,"timezone":"Europe/Berlin",
             "timezone_abbreviation":"GMT+2","elevation":38.0,
             "hourly_units":{"time":"unixtime","temperature_2m":"\(unit)","weather_code":"wmo code","precipitation_probability":"%"},
             "hourly":{"time":[\(times.joined(separator: ","))],"temperature_2m":[\(temperatures.joined(separator: ","))],
               "weather_code":[\(codes.joined(separator: ","))],"precipitation_probability":[\(probabilities.joined(separator: ","))]},
             "daily_units":{"time":"unixtime","weather_code":"wmo code","temperature_2m_max":"\(unit)","temperature_2m_min":"\(unit)",
               "precipitation_probability_max":"%"},
             "daily":{"time":[\(dailyTimes.joined(separator: ","))],"weather_code":[\(dailyCodes.joined(separator: ","))],
               "temperature_2m_max":[\(highs.joined(separator: ","))],"temperature_2m_min":[\(lows.joined(separator: ","))],
               "precipitation_probability_max":[\(dailyProbabilities.joined(separator: ","))]}}
            """
    }

    static let badLatitude = #"{"error":true,"reason":"Latitude must be in range of -90 to 90°. Given: 100.0."}"#
    static let rateLimited = #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#
}
