import AirFitWeather
import Foundation
import Testing

@Suite("WeatherAPI.com provider")
struct WeatherAPIProviderTests {
    private static func serve(_ server: FakeWeatherServer) {
        server.route("/v1/current.json", body: WeatherAPIFixtures.current)
        server.route("/v1/forecast.json") { .init(body: WeatherAPIFixtures.forecast(days: Int($0.query["days"] ?? "") ?? 1)) }
    }

    @Test("Current conditions pick the metric fields and the local offset")
    func currentMetric() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let provider = TestProviders.weatherAPI(server, keys: try await TestProviders.keys())
            let data = try await provider.current(lat: 52.52, lon: 13.41, units: .metric)
            #expect(data.temperature == 18.0)
            #expect(data.feelsLike == 17.2)
            #expect(data.windSpeed == 13.0)
            #expect(data.humidity == 59)
            #expect(data.condition == .partlyCloudy)
            #expect(data.summary == "Partly cloudy")
            #expect(data.location.name == "Berlin, Germany")
            #expect(data.observedAt == Date(timeIntervalSince1970: 1_717_243_200))
            #expect(data.utcOffsetSeconds == 7200)
            #expect(data.attribution == .weatherAPI)
            let query = try #require(server.requests.first?.query)
            #expect(query["key"] == TestProviders.weatherAPIKey)
            #expect(query["q"] == "52.5200,13.4100")
        }
    }

    @Test("Imperial picks the °F and mph fields")
    func currentImperial() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let provider = TestProviders.weatherAPI(server, keys: try await TestProviders.keys())
            let data = try await provider.current(lat: 52.52, lon: 13.41, units: .imperial)
            #expect(data.temperature == 64.4)
            #expect(data.feelsLike == 63.0)
            #expect(data.windSpeed == 8.1)
            #expect(data.units == .imperial)
        }
    }

    @Test("Forecast days and their 24 hours are all read")
    func forecast() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let provider = TestProviders.weatherAPI(server, keys: try await TestProviders.keys())
            let forecast = try await provider.forecast(lat: 52.52, lon: 13.41, days: 3, units: .metric)
            #expect(forecast.days.map(\.date.description) == ["2024-06-01", "2024-06-02", "2024-06-03"])
            #expect(forecast.days.map(\.high) == [20, 21, 22])
            #expect(forecast.days.map(\.low) == [10, 11, 12])
            #expect(forecast.days.map(\.condition) == [.rain, .heavySnow, .clear])
            // June 2's chance of snow comes as text ("40"), as older answers send it.
            #expect(forecast.days.map(\.precipitationProbability) == [83, 40, 0])
            #expect(forecast.hourly.count == 72)
            #expect(forecast.hourly.first?.time == Date(timeIntervalSince1970: 1_717_192_800))
            #expect(forecast.hourly.first?.temperature == 10)
            #expect(forecast.hourly[12].condition == .rain)
            #expect(forecast.hourly[12].precipitationProbability == 60)
            #expect(forecast.hourly[23].precipitationProbability == 90)
            #expect(forecast.utcOffsetSeconds == 7200)
            let query = try #require(server.requests.first?.query)
            #expect(query["days"] == "3")
        }
    }

    @Test("An imperial forecast carries °F highs, lows and hours")
    func forecastImperial() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let provider = TestProviders.weatherAPI(server, keys: try await TestProviders.keys())
            let forecast = try await provider.forecast(lat: 52.52, lon: 13.41, days: 1, units: .imperial)
            #expect(forecast.days.map(\.high) == [68])
            #expect(forecast.days.map(\.low) == [50])
            #expect(forecast.hourly.first?.temperature == 50)
        }
    }

    @Test(
        "WeatherAPI.com error codes become errors a person can act on",
        arguments: [
            (401, WeatherAPIFixtures.invalidKey, WeatherError.invalidAPIKey(.weatherAPI)),
            (403, WeatherAPIFixtures.quotaExceeded, .rateLimited(.weatherAPI, retryAfterSeconds: nil)),
            (400, WeatherAPIFixtures.noLocation, .rejected(.weatherAPI, message: "No matching location found.")),
            (502, "<html>Bad gateway</html>", .providerFailure(.weatherAPI, status: 502)),
        ])
    func errors(status: Int, body: String, expected: WeatherError) async throws {
        try await withFakeServer { server in
            server.route("/v1/current.json", status: status, body: body)
            let provider = TestProviders.weatherAPI(server, keys: try await TestProviders.keys())
            let error = await weatherError { _ = try await provider.current(lat: 52.52, lon: 13.41, units: .metric) }
            #expect(error == expected)
        }
    }

    @Test("Without a stored key the provider says to add one")
    func missingKey() async throws {
        try await withFakeServer { server in
            let provider = TestProviders.weatherAPI(server, keys: .none)
            let error = await weatherError { _ = try await provider.forecast(lat: 52.52, lon: 13.41, days: 1, units: .metric) }
            #expect(error == .missingAPIKey(.weatherAPI))
            #expect(error?.recoverySuggestion?.contains("airfit keys set weatherapi") == true)
            #expect(server.requests.isEmpty)
        }
    }
}
