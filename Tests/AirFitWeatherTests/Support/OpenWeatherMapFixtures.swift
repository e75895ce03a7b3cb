import Foundation

/// OpenWeatherMap `/data/2.5/weather` and `/data/2.5/forecast` bodies, Berlin (UTC+2), 2024-06-01 12:00 UTC.
enum OpenWeatherMapFixtures {
    static let observedAt = 1_717_243_200

    /// `units=metric` gives °C and m/s; `units=imperial` gives °F and mph.
    static func current(imperial: Bool) -> String {
        let (temperature, feelsLike, low, high, wind) = imperial ? (63.1, 62.4, 61.0, 64.8, 9.17) : (17.3, 16.9, 16.1, 18.2, 4.1)
        return """
            {"coord":{"lon":13.41,"lat":52.52},"weather":[{"id":500,"main":"Rain","description":"light rain","icon":"10d"}],
             "base":"stations","main":{"temp":\(temperature),"feels_like":\(feelsLike),"temp_min":\(low),"temp_max":\(high),
               "pressure":1012,"humidity":72,"sea_level":1012,"grnd_level":1007},
             "visibility":10000,"wind":{"speed":\(wind),"deg":250,"gust":7.2},"rain":{"1h":0.21},"clouds":{"all":75},
             "dt":\(observedAt),"sys":{"type":2,"id":2011538,"country":"DE","sunrise":1717208045,"sunset":1717267433},
             "timezone":7200,"id":2950159,"name":"Berlin","cod":200}
            """
    }

    /// 40 three-hour steps from 2024-06-01 12:00 UTC (14:00 local): 4 steps on June 1, 8 on each of June 2–5,
    /// 4 on June 6. June 2 has one thunderstorm step (id 211) among clear ones.
    static func forecast(imperial: Bool = false) -> String {
        let entries = (0..<40).map { index -> String in
            let dt = observedAt + index * 10_800
            let celsius = 15.0 + Double(index % 8)
            let temperature = imperial ? celsius * 9 / 5 + 32 : celsius
            let id = index == 8 ? 211 : (index < 4 ? 500 : 800)
            let pop = index == 8 ? 0.85 : (index < 4 ? 0.4 : 0.0)
            let date = Date(timeIntervalSince1970: TimeInterval(dt))
            return """
                {"dt":\(dt),"main":{"temp":\(temperature),"feels_like":\(temperature - 0.5),"temp_min":\(temperature - 1),
                  "temp_max":\(temperature + 1),"pressure":1015,"sea_level":1015,"grnd_level":933,"humidity":69,"temp_kf":-1.11},
                 "weather":[{"id":\(id),"main":"x","description":"x","icon":"10d"}],"clouds":{"all":40},
                 "wind":{"speed":2.1,"deg":349,"gust":3.2},"visibility":10000,"pop":\(pop),"sys":{"pod":"d"},
                 "dt_txt":"\(dtText(date))"}
                """
        }
        return """
            {"cod":"200","message":0,"cnt":40,"list":[\(entries.joined(separator: ","))],
             "city":{"id":2950159,"name":"Berlin","coord":{"lat":52.52,"lon":13.41},"country":"DE","population":1000000,
               "timezone":7200,"sunrise":1717208045,"sunset":1717267433}}
            """
    }

    static let invalidKey = #"{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#
    static let rateLimited =
        #"{"cod":429, "message": "Your account is temporary blocked due to exceeding of requests limitation of your subscription type."}"#

    private static func dtText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }
}
