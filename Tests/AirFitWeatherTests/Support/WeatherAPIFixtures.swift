import Foundation

/// WeatherAPI.com `/v1/current.json` and `/v1/forecast.json` bodies, Berlin (UTC+2), 2024-06-01.
/// The API sends metric and imperial values side by side.
enum WeatherAPIFixtures {
    static let lastUpdated = 1_717_243_200  // 14:00 local
    static let dayStart = 1_717_192_800  // 2024-06-01 00:00 local

    static let location = """
        {"name":"Berlin","region":"Berlin","country":"Germany","lat":52.52,"lon":13.4,"tz_id":"Europe/Berlin",
         "localtime_epoch":1717243500,"localtime":"2024-06-01 14:05"}
        """

    static let currentObject = """
        {"last_updated_epoch":\(lastUpdated),"last_updated":"2024-06-01 14:00","temp_c":18.0,"temp_f":64.4,"is_day":1,
         "condition":{"text":"Partly cloudy","icon":"//cdn.weatherapi.com/weather/64x64/day/116.png","code":1003},
         "wind_mph":8.1,"wind_kph":13.0,"wind_degree":250,"wind_dir":"WSW","pressure_mb":1012.0,"pressure_in":29.88,
         "precip_mm":0.0,"precip_in":0.0,"humidity":59,"cloud":50,"feelslike_c":17.2,"feelslike_f":63.0,"windchill_c":16.0,
         "windchill_f":60.8,"heatindex_c":17.2,"heatindex_f":63.0,"dewpoint_c":9.4,"dewpoint_f":48.9,"vis_km":10.0,
         "vis_miles":6.0,"uv":5.0,"gust_mph":10.5,"gust_kph":16.9}
        """

    static let current = #"{"location":\#(location),"current":\#(currentObject)}"#

    /// Days: June 1 moderate rain (1189, 83 % rain), June 2 heavy snow (1225, chance of snow 40 as text, older format),
    /// June 3 sunny (1000). Each day has 24 hours.
    static func forecast(days: Int = 3) -> String {
        let codes = [1189, 1225, 1000, 1003, 1006]
        let forecastDays = (0..<days).map { dayIndex -> String in
            let epoch = dayStart + dayIndex * 86_400
            let date = String(format: "2024-06-%02d", 1 + dayIndex)
            let code = codes[dayIndex % codes.count]
            let maxC = 20.0 + Double(dayIndex)
            let minC = 10.0 + Double(dayIndex)
            let hours = (0..<24).map { hour -> String in
                let hourEpoch = epoch + hour * 3600
                let tempC = minC + Double(hour) / 3
                return """
                    {"time_epoch":\(hourEpoch),"time":"\(date) \(String(format: "%02d", hour)):00","temp_c":\(tempC),
                     "temp_f":\(tempC * 9 / 5 + 32),"is_day":1,"condition":{"text":"x","icon":"x","code":\(hour < 12 ? 1000 : 1063)},
                     "wind_mph":5.6,"wind_kph":9.0,"humidity":70,"cloud":20,"feelslike_c":\(tempC),"feelslike_f":\(tempC * 9 / 5 + 32),
                     "will_it_rain":0,"chance_of_rain":\(hour < 12 ? 0 : 60),"will_it_snow":0,"chance_of_snow":\(hour == 23 ? 90 : 0),"uv":1.0}
                    """
            }
            let snow = dayIndex == 1 ? #""40""# : "0"
            return """
                {"date":"\(date)","date_epoch":\(epoch - 7200),
                 "day":{"maxtemp_c":\(maxC),"maxtemp_f":\(maxC * 9 / 5 + 32),"mintemp_c":\(minC),"mintemp_f":\(minC * 9 / 5 + 32),
                   "avgtemp_c":15.0,"avgtemp_f":59.0,"maxwind_mph":10.1,"maxwind_kph":16.2,"totalprecip_mm":1.2,"totalprecip_in":0.05,
                   "totalsnow_cm":0.0,"avgvis_km":10.0,"avgvis_miles":6.0,"avghumidity":70,"daily_will_it_rain":1,
                   "daily_chance_of_rain":\(dayIndex == 0 ? 83 : 0),"daily_will_it_snow":0,"daily_chance_of_snow":\(snow),
                   "condition":{"text":"x","icon":"x","code":\(code)},"uv":5.0},
                 "astro":{"sunrise":"04:47 AM","sunset":"09:23 PM","moonrise":"02:11 AM","moonset":"03:35 PM",
                   "moon_phase":"Waning Crescent","moon_illumination":25,"is_moon_up":0,"is_sun_up":0},
                 "hour":[\(hours.joined(separator: ","))]}
                """
        }
        return
            #"{"location":\#(location),"current":\#(currentObject),"forecast":{"forecastday":[\#(forecastDays.joined(separator: ","))]}}"#
    }

    static let invalidKey = #"{"error":{"code":2006,"message":"API key is invalid."}}"#
    static let quotaExceeded = #"{"error":{"code":2007,"message":"API key has exceeded calls per month quota."}}"#
    static let noLocation = #"{"error":{"code":1006,"message":"No matching location found."}}"#
}
