import AirFitWeather
import Foundation
import Testing

@Suite("OpenWeatherMap provider")
struct OpenWeatherMapProviderTests {
    private static func serve(_ server: FakeWeatherServer) {
        server.route("/data/2.5/weather") { .init(body: OpenWeatherMapFixtures.current(imperial: $0.query["units"] == "imperial")) }
        server.route("/data/2.5/forecast") { .init(body: OpenWeatherMapFixtures.forecast(imperial: $0.query["units"] == "imperial")) }
    }

    @Test("Current conditions come in °C with wind converted from m/s to km/h")
    func currentMetric() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let provider = TestProviders.openWeatherMap(server, keys: try await TestProviders.keys())
            let data = try await provider.current(lat: 52.52, lon: 13.41, units: .metric)
            #expect(data.temperature == 17.3)
            #expect(data.feelsLike == 16.9)
            #expect(data.humidity == 72)
            #expect(abs(data.windSpeed - 14.76) < 0.0001)
            #expect(data.condition == .rain)
            #expect(data.summary == "light rain")
            #expect(data.location.name == "Berlin, DE")
            #expect(data.observedAt == Date(timeIntervalSince1970: 1_717_243_200))
            #expect(data.utcOffsetSeconds == 7200)
            #expect(data.provider == .openWeatherMap)
            let query = try #require(server.requests.first?.query)
            #expect(query["appid"] == TestProviders.openWeatherMapKey)
            #expect(query["units"] == "metric")
            #expect(query["lat"] == "52.5200")
            #expect(query["lon"] == "13.4100")
        }
    }

    @Test("Imperial asks for units=imperial and keeps °F and mph as sent")
    func currentImperial() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let provider = TestProviders.openWeatherMap(server, keys: try await TestProviders.keys())
            let data = try await provider.current(lat: 52.52, lon: 13.41, units: .imperial)
            #expect(data.temperature == 63.1)
            #expect(data.windSpeed == 9.17)
            #expect(data.units == .imperial)
            #expect(server.requests.first?.query["units"] == "imperial")
        }
    }

    @Test("Three-hour steps become local days (highest, lowest, most severe, likeliest) and hourly entries")
    func forecast() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let provider = TestProviders.openWeatherMap(server, keys: try await TestProviders.keys())
            let forecast = try await provider.forecast(lat: 52.52, lon: 13.41, days: 3, units: .metric)
            #expect(forecast.days.map(\.date.description) == ["2024-06-01", "2024-06-02", "2024-06-03"])
            #expect(forecast.days.map(\.high) == [19, 23, 23])
            #expect(forecast.days.map(\.low) == [14, 14, 14])
            #expect(forecast.days.map(\.condition) == [.rain, .thunderstorm, .clear])
            #expect(forecast.days.map(\.precipitationProbability) == [40, 85, 0])
            // 4 steps on June 1 and 8 on each of June 2 and 3.
            #expect(forecast.hourly.count == 20)
            #expect(forecast.hourly.first?.time == Date(timeIntervalSince1970: 1_717_243_200))
            #expect(forecast.hourly.first?.temperature == 15)
            #expect(forecast.hourly[8].condition == .thunderstorm)
            #expect(forecast.hourly[8].precipitationProbability == 85)
            #expect(forecast.location.name == "Berlin, DE")
            #expect(forecast.attribution == .openWeatherMap)
        }
    }

    @Test("Asking for more days than the five-day forecast holds returns what there is")
    func forecastTooLong() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let provider = TestProviders.openWeatherMap(server, keys: try await TestProviders.keys())
            let forecast = try await provider.forecast(lat: 52.52, lon: 13.41, days: 16, units: .imperial)
            #expect(forecast.days.count == 6)
            #expect(forecast.hourly.count == 40)
            #expect(abs((forecast.days.first?.high ?? 0) - 65.4) < 0.001)
        }
    }

    @Test("Without a stored key the provider says to add one and never calls the server")
    func missingKey() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let provider = TestProviders.openWeatherMap(server, keys: try await TestProviders.keys(openWeatherMap: nil))
            let error = await weatherError { _ = try await provider.current(lat: 52.52, lon: 13.41, units: .metric) }
            #expect(error == .missingAPIKey(.openWeatherMap))
            #expect(error?.fullMessage.contains("airfit keys set openweathermap") == true)
            #expect(error?.fullMessage.contains("Open-Meteo") == true)
            #expect(server.requests.isEmpty)
        }
    }

    @Test("HTTP 401 means the key was refused, and the message never shows it")
    func invalidKey() async throws {
        try await withFakeServer { server in
            server.route("/data/2.5/weather", status: 401, body: OpenWeatherMapFixtures.invalidKey)
            let provider = TestProviders.openWeatherMap(server, keys: try await TestProviders.keys())
            let error = await weatherError { _ = try await provider.current(lat: 52.52, lon: 13.41, units: .metric) }
            #expect(error == .invalidAPIKey(.openWeatherMap))
            #expect(error?.errorDescription == "OpenWeatherMap did not accept the stored API key.")
            #expect(error.map { "\($0) \($0.fullMessage)" }?.contains(TestProviders.openWeatherMapKey) == false)
        }
    }

    @Test("HTTP 429 becomes a rate-limit error")
    func rateLimited() async throws {
        try await withFakeServer { server in
            server.route("/data/2.5/forecast", status: 429, body: OpenWeatherMapFixtures.rateLimited)
            let provider = TestProviders.openWeatherMap(server, keys: try await TestProviders.keys())
            let error = await weatherError { _ = try await provider.forecast(lat: 52.52, lon: 13.41, days: 2, units: .metric) }
            #expect(error == .rateLimited(.openWeatherMap, retryAfterSeconds: nil))
        }
    }
}
