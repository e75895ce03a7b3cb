import AirFitTestSupport
import AirFitWeather
import Foundation
import Testing

@Suite("Weather service when the provider fails")
struct WeatherServiceDegradationTests {
    /// Fetches once successfully, lets the cache expire, then breaks the server with `breakIt`.
    private static func staleAfter(
        timeout: Duration = .seconds(5), _ breakIt: @escaping (FakeWeatherServer) async -> Void
    ) async throws -> (fresh: WeatherResult<WeatherData>, stale: WeatherResult<WeatherData>) {
        try await withFakeServer { server in
            server.route("/v1/forecast", body: OpenMeteoFixtures.current(imperial: false))
            let clock = TestClock()
            let service = WeatherService(provider: TestProviders.openMeteo(server, timeout: timeout), now: clock.closure)
            let fresh = try await service.current(lat: 52.52, lon: 13.41, units: .metric)
            clock.advance(by: 11 * 60)
            await breakIt(server)
            let stale = try await service.current(lat: 52.52, lon: 13.41, units: .metric)
            return (fresh, stale)
        }
    }

    @Test("HTTP 500 after the cache expired: the old data comes back flagged stale with its age")
    func staleOn500() async throws {
        let (fresh, stale) = try await Self.staleAfter { $0.route("/v1/forecast", status: 500, body: "{}") }
        #expect(stale.isStale)
        #expect(stale.value == fresh.value)
        #expect(stale.age == 660)
        #expect(stale.refreshError == .providerFailure(.openMeteo, status: 500))
    }

    @Test("A timeout after the cache expired: the old data comes back flagged stale")
    func staleOnTimeout() async throws {
        // A second for the first (fresh) answer, so a busy machine does not time that one out too.
        let (_, stale) = try await Self.staleAfter(timeout: .seconds(1)) {
            $0.route("/v1/forecast", body: OpenMeteoFixtures.current(imperial: false), delay: .seconds(4))
        }
        #expect(stale.isStale)
        #expect(stale.refreshError == .unreachable(.openMeteo, reason: "no answer within 1 s"))
    }

    @Test("Connection refused after the cache expired: the old data comes back flagged stale")
    func staleOnConnectionRefused() async throws {
        let (_, stale) = try await Self.staleAfter { await $0.stop() }
        #expect(stale.isStale)
        #expect(stale.refreshError == .unreachable(.openMeteo, reason: "the connection was refused"))
    }

    @Test("A stale forecast is served too")
    func staleForecast() async throws {
        try await withFakeServer { server in
            server.route("/v1/forecast", body: OpenMeteoFixtures.forecast(days: 3))
            let clock = TestClock()
            let service = WeatherService(provider: TestProviders.openMeteo(server), now: clock.closure)
            _ = try await service.forecast(lat: 52.52, lon: 13.41, days: 3, units: .metric)
            clock.advance(by: 3600)
            server.route("/v1/forecast", status: 503, body: "")
            let stale = try await service.forecast(lat: 52.52, lon: 13.41, days: 3, units: .metric)
            #expect(stale.isStale)
            #expect(stale.age == 3600)
            #expect(stale.value.days.count == 3)
        }
    }

    @Test("With nothing cached, HTTP 500 is an error that says the provider had a problem")
    func errorOn500() async throws {
        try await withFakeServer { server in
            server.route("/v1/forecast", status: 500, body: #"{"error":true,"reason":"Internal"}"#)
            let service = WeatherService(provider: TestProviders.openMeteo(server))
            let error = await weatherError { _ = try await service.current(lat: 52.52, lon: 13.41, units: .metric) }
            #expect(error == .providerFailure(.openMeteo, status: 500))
            #expect(error?.errorDescription == "Open-Meteo had a problem answering (HTTP 500).")
        }
    }

    @Test("With nothing cached, a refused connection says the provider could not be reached")
    func errorOnRefused() async throws {
        let closed = try ClosedPort()
        let provider = OpenMeteoProvider(baseURL: URL(string: "http://127.0.0.1:\(closed.port)")!, http: TestProviders.http)
        let service = WeatherService(provider: provider)
        let error = await weatherError { _ = try await service.current(lat: 52.52, lon: 13.41, units: .metric) }
        #expect(error == .unreachable(.openMeteo, reason: "the connection was refused"))
        #expect(
            error?.fullMessage == "Could not reach Open-Meteo: the connection was refused. Check your internet connection and try again.")
        withExtendedLifetime(closed) {}
    }

    @Test("With nothing cached, a timeout says how long was waited")
    func errorOnTimeout() async throws {
        try await withFakeServer { server in
            // The reply would take 10 s; the 0.3 s timeout ends the wait long before (the bound leaves room for a loaded CI).
            server.route("/v1/forecast", body: "{}", delay: .seconds(10))
            let service = WeatherService(provider: TestProviders.openMeteo(server, timeout: .milliseconds(300)))
            let started = ContinuousClock.now
            let error = await weatherError { _ = try await service.current(lat: 52.52, lon: 13.41, units: .metric) }
            #expect(error == .unreachable(.openMeteo, reason: "no answer within 0.3 s"))
            #expect(ContinuousClock.now - started < .seconds(8))
        }
    }

    @Test(
        "Coordinates off the map are refused before any request",
        arguments: [(91.0, 0.0), (-90.5, 0.0), (0.0, 180.01), (0.0, -181.0), (Double.nan, 0.0), (0.0, Double.infinity)])
    func badCoordinates(lat: Double, lon: Double) async throws {
        try await withFakeServer { server in
            let service = WeatherService(provider: TestProviders.openMeteo(server))
            let error = await weatherError { _ = try await service.current(lat: lat, lon: lon, units: .metric) }
            guard case .invalidCoordinates = error else {
                Issue.record("expected invalidCoordinates, got \(String(describing: error))")
                return
            }
            #expect(error?.errorDescription?.contains("latitude must be between -90 and 90 and longitude between -180 and 180") == true)
            let forecastError = await weatherError { _ = try await service.forecast(lat: lat, lon: lon, days: 3, units: .metric) }
            #expect(forecastError != nil)
            #expect(server.requests.isEmpty)
        }
    }

    @Test("The edges of the map are accepted")
    func edgeCoordinates() async throws {
        try await withFakeServer { server in
            server.route("/v1/forecast", body: OpenMeteoFixtures.current(imperial: false))
            let service = WeatherService(provider: TestProviders.openMeteo(server))
            _ = try await service.current(lat: 90, lon: -180, units: .metric)
            _ = try await service.current(lat: -90, lon: 180, units: .metric)
            #expect(server.hits("/v1/forecast") == 2)
        }
    }

    @Test("Forecast lengths outside 1 to 16 days are refused", arguments: [0, -1, 17, 100])
    func badDays(days: Int) async throws {
        try await withFakeServer { server in
            let service = WeatherService(provider: TestProviders.openMeteo(server))
            let error = await weatherError { _ = try await service.forecast(lat: 52.52, lon: 13.41, days: days, units: .metric) }
            #expect(error == .invalidDays(days))
            #expect(error?.errorDescription == "A forecast can cover 1 to 16 days, not \(days).")
            #expect(server.requests.isEmpty)
        }
    }
}
