extension WeatherCondition {
    /// The condition for a WMO weather interpretation code (Open-Meteo's `weather_code`).
    public init(wmoCode code: Int) {
        self =
            switch code {
            case 0: .clear
            case 1: .mostlyClear
            case 2: .partlyCloudy
            case 3: .cloudy
            case 45, 48: .fog
            case 51, 53, 55: .drizzle
            case 56, 57: .freezingDrizzle
            case 61, 63, 80, 81: .rain
            case 65, 82: .heavyRain
            case 66, 67: .freezingRain
            case 71, 73, 77, 85: .snow
            case 75, 86: .heavySnow
            case 95: .thunderstorm
            case 96, 99: .hail
            default: .unknown
            }
    }

    /// The condition for an OpenWeatherMap weather condition id (`weather[0].id`).
    public init(openWeatherMapID id: Int) {
        self =
            switch id {
            case 200...232: .thunderstorm
            case 300...321: .drizzle
            case 500, 501, 520, 521: .rain
            case 502...504, 522, 531: .heavyRain
            case 511: .freezingRain
            case 600, 601, 620, 621: .snow
            case 602, 622: .heavySnow
            case 611...616: .sleet
            case 701, 741: .fog
            case 711, 721, 731, 751, 761, 762: .haze
            case 771: .windy
            case 781: .tornado
            case 800: .clear
            case 801: .mostlyClear
            case 802: .partlyCloudy
            case 803, 804: .cloudy
            default: .unknown
            }
    }

    /// The condition for a WeatherAPI.com condition code (`condition.code`).
    public init(weatherAPICode code: Int) {
        self =
            switch code {
            case 1000: .clear
            case 1003: .partlyCloudy
            case 1006, 1009: .cloudy
            case 1030, 1135, 1147: .fog
            case 1063, 1180, 1183, 1186, 1189, 1240: .rain
            case 1192, 1195, 1243, 1246: .heavyRain
            case 1066, 1210, 1213, 1216, 1219, 1255: .snow
            case 1114, 1117, 1222, 1225, 1258: .heavySnow
            case 1069, 1204, 1207, 1249, 1252: .sleet
            case 1072, 1168, 1171: .freezingDrizzle
            case 1150, 1153: .drizzle
            case 1198, 1201: .freezingRain
            case 1237, 1261, 1264: .hail
            case 1087, 1273, 1276, 1279, 1282: .thunderstorm
            default: .unknown
            }
    }
}
