import AirFitWeather
import Foundation
import Testing

@Suite("Open-Meteo provider")
struct OpenMeteoProviderTests {
    private static func serve(_ server: FakeWeatherServer) {
        server.route("/v1/forecast") { request in
            let imperial = request.query["temperature_unit"] == "fahrenheit"
            if request.query["current"] != nil { return .init(body: OpenMeteoFixtures.current(imperial: imperial)) }
            let days = Int(request.query["forecast_days"] ?? "") ?? 7
            return .init(body: OpenMeteoFixtures.forecast(days: days, imperial: imperial))
        }
    }

    @Test("Current conditions are read in °C and km/h, with the Open-Meteo attribution")
    func currentMetric() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let data = try await TestProviders.openMeteo(server).current(lat: 52.52, lon: 13.41, units: .metric)
            #expect(data.temperature == 18.4)
            #expect(data.feelsLike == 17.1)
            #expect(data.humidity == 62)
            #expect(data.windSpeed == 11.9)
            #expect(data.condition == .partlyCloudy)
            #expect(data.observedAt == Date(timeIntervalSince1970: 1_717_243_200))
            #expect(data.utcOffsetSeconds == 7200)
            #expect(data.units == .metric)
            #expect(data.location == WeatherLocation(latitude: 52.52, longitude: 13.41))
            #expect(data.attribution.text == "Weather data by Open-Meteo.com")
            #expect(data.attribution.url.absoluteString == "https://open-meteo.com/")
            let query = try #require(server.requests.first?.query)
            #expect(query["latitude"] == "52.5200")
            #expect(query["longitude"] == "13.4100")
            #expect(query["current"] == "temperature_2m,relative_humidity_2m,apparent_temperature,weather_code,wind_speed_10m")
            #expect(query["temperature_unit"] == "celsius")
            #expect(query["wind_speed_unit"] == "kmh")
            #expect(query["timezone"] == "auto")
            #expect(query["timeformat"] == "unixtime")
        }
    }

    @Test("Imperial asks Open-Meteo for °F and mph and keeps the values as sent")
    func currentImperial() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let data = try await TestProviders.openMeteo(server).current(lat: 52.52, lon: 13.41, units: .imperial)
            #expect(data.temperature == 65.1)
            #expect(data.windSpeed == 7.4)
            #expect(data.units == .imperial)
            let query = try #require(server.requests.first?.query)
            #expect(query["temperature_unit"] == "fahrenheit")
            #expect(query["wind_speed_unit"] == "mph")
        }
    }

    @Test("The forecast fills days and hours from the daily and hourly arrays")
    func forecast() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let forecast = try await TestProviders.openMeteo(server).forecast(lat: 52.52, lon: 13.41, days: 3, units: .metric)
            #expect(forecast.days.map(\.date.description) == ["2024-06-01", "2024-06-02", "2024-06-03"])
            #expect(forecast.days.map(\.high) == [23.5, 24.5, 25.5])
            #expect(forecast.days.map(\.low) == [12.0, 13.0, 14.0])
            #expect(forecast.days.map(\.condition) == [.rain, .thunderstorm, .cloudy])
            #expect(forecast.days.map(\.precipitationProbability) == [70, 71, nil])
            // 72 hours, one with a null temperature dropped.
            #expect(forecast.hourly.count == 71)
            let first = try #require(forecast.hourly.first)
            #expect(first.time == Date(timeIntervalSince1970: 1_717_192_800))
            #expect(first.temperature == 12.0)
            #expect(first.condition == .clear)
            #expect(first.precipitationProbability == 5)
            #expect(
                forecast.hourly.first { $0.time == Date(timeIntervalSince1970: 1_717_192_800 + 6 * 3600) }?.precipitationProbability == nil)
            #expect(forecast.hourly.first { $0.time == Date(timeIntervalSince1970: 1_717_192_800 + 13 * 3600) }?.condition == .rain)
            #expect(server.requests.first?.query["forecast_days"] == "3")
            #expect(
                server.requests.first?.query["daily"] == "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max")
            #expect(server.requests.first?.query["hourly"] == "temperature_2m,weather_code,precipitation_probability")
        }
    }

    @Test("An imperial forecast carries °F highs and lows")
    func forecastImperial() async throws {
        try await withFakeServer { server in
            Self.serve(server)
            let forecast = try await TestProviders.openMeteo(server).forecast(lat: 52.52, lon: 13.41, days: 2, units: .imperial)
            #expect(forecast.units == .imperial)
            #expect(forecast.days.map(\.high) == [74.3, 76.1])
            #expect(forecast.hourly.first?.temperature == 53.6)
        }
    }

    @Test("Open-Meteo's own wording is passed on when it rejects a request")
    func rejected() async throws {
        try await withFakeServer { server in
            server.route("/v1/forecast", status: 400, body: OpenMeteoFixtures.badLatitude)
            let error = await weatherError { _ = try await TestProviders.openMeteo(server).current(lat: 52, lon: 13, units: .metric) }
            #expect(error == .rejected(.openMeteo, message: "Latitude must be in range of -90 to 90°. Given: 100.0."))
        }
    }

    @Test("HTTP 429 becomes a rate-limit error that says when to retry")
    func rateLimited() async throws {
        try await withFakeServer { server in
            server.route("/v1/forecast", status: 429, body: OpenMeteoFixtures.rateLimited, headers: ["Retry-After": "60"])
            let error = await weatherError { _ = try await TestProviders.openMeteo(server).current(lat: 52, lon: 13, units: .metric) }
            #expect(error == .rateLimited(.openMeteo, retryAfterSeconds: 60))
            #expect(error?.errorDescription == "Open-Meteo is limiting requests right now (try again in 60 s).")
        }
    }

    @Test("A body that is not the documented JSON is reported with the field at fault")
    func invalidBody() async throws {
        try await withFakeServer { server in
            server.route("/v1/forecast", body: #"{"latitude":1,"longitude":2,"current":{"time":1717243200}}"#)
            let error = await weatherError { _ = try await TestProviders.openMeteo(server).current(lat: 1, lon: 2, units: .metric) }
            #expect(error == .invalidResponse(.openMeteo, detail: "current.temperature_2m is missing"))
        }
    }

    @Test("A base URL with a path prefix keeps the prefix")
    func pathPrefix() async throws {
        try await withFakeServer { server in
            server.route("/proxy/v1/forecast", body: OpenMeteoFixtures.current(imperial: false))
            let provider = OpenMeteoProvider(baseURL: server.baseURL.appendingPathComponent("proxy"), http: TestProviders.http)
            _ = try await provider.current(lat: 52.52, lon: 13.41, units: .metric)
            #expect(server.hits("/proxy/v1/forecast") == 1)
        }
    }
}
