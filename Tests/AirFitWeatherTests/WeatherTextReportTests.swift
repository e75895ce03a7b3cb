import AirFitWeather
import Foundation
import Testing

@Suite("Text report")
struct WeatherTextReportTests {
    private static let now = Date(timeIntervalSince1970: 1_717_243_200)  // 14:00 in Berlin

    private static func results(units: WeatherUnits, stale: Bool = false) async throws -> (
        WeatherResult<WeatherData>, WeatherResult<WeatherForecast>
    ) {
        try await withFakeServer { server in
            server.route("/v1/forecast") { request in
                let imperial = request.query["temperature_unit"] == "fahrenheit"
                return request.query["current"] != nil
                    ? .init(body: OpenMeteoFixtures.current(imperial: imperial))
                    : .init(body: OpenMeteoFixtures.forecast(imperial: imperial))
            }
            let clock = TestClock(now)
            let service = WeatherService(provider: TestProviders.openMeteo(server), now: clock.closure)
            var current = try await service.current(lat: 52.52, lon: 13.41, units: units)
            var forecast = try await service.forecast(lat: 52.52, lon: 13.41, days: 3, units: units)
            if stale {
                clock.advance(by: 1500)
                server.route("/v1/forecast", status: 500, body: "")
                current = try await service.current(lat: 52.52, lon: 13.41, units: units)
                forecast = try await service.forecast(lat: 52.52, lon: 13.41, days: 3, units: units)
            }
            return (current, forecast)
        }
    }

    @Test("The report shows now, each day and the next hours, and credits Open-Meteo")
    func metric() async throws {
        let (current, forecast) = try await Self.results(units: .metric)
        let text = WeatherTextReport.render(current: current, forecast: forecast, hours: 3, now: Self.now)
        #expect(text.contains("52.52, 13.41 — Open-Meteo"))
        #expect(text.contains("Now: Partly cloudy, 18°C (feels like 17°C), humidity 62%, wind 12 km/h — observed Sat 14:00 local time"))
        #expect(text.contains("Sat 2024-06-01  Rain"))
        #expect(text.contains("Sun 2024-06-02  Thunderstorm"))
        let dayRow = try #require(text.split(separator: "\n").first { $0.hasPrefix("Mon 2024-06-03") })
        #expect(dayRow.hasSuffix("26°C    14°C       —"))
        let hourRows = text.split(separator: "\n").filter { $0.hasPrefix("Sat 1") }
        #expect(hourRows.map { String($0.prefix(9)) } == ["Sat 14:00", "Sat 15:00", "Sat 16:00"])
        #expect(text.hasSuffix("Weather data by Open-Meteo.com — https://open-meteo.com/"))
        #expect(!text.contains("Note:"))
    }

    @Test("Imperial reports show °F and mph")
    func imperial() async throws {
        let (current, forecast) = try await Self.results(units: .imperial)
        let text = WeatherTextReport.render(current: current, forecast: forecast, now: Self.now)
        #expect(text.contains("Now: Partly cloudy, 65°F (feels like 63°F), humidity 62%, wind 7 mph"))
        #expect(text.contains("74°F"))
        #expect(!text.contains("°C"))
    }

    @Test("Stale data is labelled with its age and the reason")
    func stale() async throws {
        let (current, forecast) = try await Self.results(units: .metric, stale: true)
        let text = WeatherTextReport.render(current: current, forecast: forecast, now: Self.now)
        #expect(
            text.contains(
                "Note: the current conditions are 25 min old; fresh data could not be fetched (Open-Meteo had a problem answering (HTTP 500)."
            ))
        #expect(text.contains("Note: the forecast is 25 min old"))
    }
}
