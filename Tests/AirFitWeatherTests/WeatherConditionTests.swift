import AirFitWeather
import Testing

@Suite("Weather conditions")
struct WeatherConditionTests {
    @Test(
        "WMO codes from Open-Meteo map to the right condition",
        arguments: [
            (0, WeatherCondition.clear), (1, .mostlyClear), (2, .partlyCloudy), (3, .cloudy), (45, .fog), (48, .fog),
            (51, .drizzle), (53, .drizzle), (55, .drizzle), (56, .freezingDrizzle), (57, .freezingDrizzle), (61, .rain),
            (63, .rain), (65, .heavyRain), (66, .freezingRain), (67, .freezingRain), (71, .snow), (73, .snow),
            (75, .heavySnow), (77, .snow), (80, .rain), (81, .rain), (82, .heavyRain), (85, .snow), (86, .heavySnow),
            (95, .thunderstorm), (96, .hail), (99, .hail), (4, .unknown), (-1, .unknown),
        ])
    func wmo(code: Int, expected: WeatherCondition) {
        #expect(WeatherCondition(wmoCode: code) == expected)
    }

    @Test(
        "OpenWeatherMap condition ids map to the right condition",
        arguments: [
            (200, WeatherCondition.thunderstorm), (232, .thunderstorm), (300, .drizzle), (321, .drizzle), (500, .rain),
            (501, .rain), (502, .heavyRain), (504, .heavyRain), (511, .freezingRain), (520, .rain), (522, .heavyRain),
            (531, .heavyRain), (600, .snow), (602, .heavySnow), (611, .sleet), (616, .sleet), (620, .snow), (622, .heavySnow),
            (701, .fog), (711, .haze), (721, .haze), (741, .fog), (762, .haze), (771, .windy), (781, .tornado), (800, .clear),
            (801, .mostlyClear), (802, .partlyCloudy), (803, .cloudy), (804, .cloudy), (900, .unknown),
        ])
    func openWeatherMap(id: Int, expected: WeatherCondition) {
        #expect(WeatherCondition(openWeatherMapID: id) == expected)
    }

    @Test(
        "WeatherAPI.com condition codes map to the right condition",
        arguments: [
            (1000, WeatherCondition.clear), (1003, .partlyCloudy), (1006, .cloudy), (1009, .cloudy), (1030, .fog),
            (1063, .rain), (1066, .snow), (1069, .sleet), (1072, .freezingDrizzle), (1087, .thunderstorm), (1114, .heavySnow),
            (1117, .heavySnow), (1135, .fog), (1147, .fog), (1150, .drizzle), (1153, .drizzle), (1168, .freezingDrizzle),
            (1183, .rain), (1189, .rain), (1195, .heavyRain), (1198, .freezingRain), (1201, .freezingRain), (1204, .sleet),
            (1213, .snow), (1225, .heavySnow), (1237, .hail), (1240, .rain), (1246, .heavyRain), (1252, .sleet),
            (1255, .snow), (1258, .heavySnow), (1264, .hail), (1273, .thunderstorm), (1282, .thunderstorm), (1, .unknown),
        ])
    func weatherAPI(code: Int, expected: WeatherCondition) {
        #expect(WeatherCondition(weatherAPICode: code) == expected)
    }

    @Test("Every condition has a distinct display name and an icon name")
    func labels() {
        let names = WeatherCondition.allCases.map(\.displayName)
        #expect(Set(names).count == names.count)
        #expect(WeatherCondition.allCases.allSatisfy { !$0.iconName.isEmpty && !$0.displayName.isEmpty })
        #expect(WeatherCondition.partlyCloudy.displayName == "Partly cloudy")
        #expect(WeatherCondition.thunderstorm.iconName == "cloud.bolt.rain")
    }

    @Test("Severity ranks storms above rain above clouds above clear, and unknown lowest")
    func severity() {
        #expect(WeatherCondition.thunderstorm.severity > WeatherCondition.heavyRain.severity)
        #expect(WeatherCondition.rain.severity > WeatherCondition.cloudy.severity)
        #expect(WeatherCondition.cloudy.severity > WeatherCondition.clear.severity)
        #expect(WeatherCondition.unknown.severity < WeatherCondition.clear.severity)
    }

    @Test("Only falling weather counts as precipitation")
    func precipitation() {
        #expect(WeatherCondition.rain.isPrecipitation)
        #expect(WeatherCondition.snow.isPrecipitation)
        #expect(!WeatherCondition.fog.isPrecipitation)
        #expect(!WeatherCondition.clear.isPrecipitation)
    }
}
