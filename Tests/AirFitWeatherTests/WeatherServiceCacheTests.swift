import AirFitWeather
import Foundation
import Testing

@Suite("Weather service cache")
struct WeatherServiceCacheTests {
    private static func service(_ server: FakeWeatherServer, clock: TestClock) -> WeatherService {
        server.route("/v1/forecast") { request in
            let imperial = request.query["temperature_unit"] == "fahrenheit"
            if request.query["current"] != nil { return .init(body: OpenMeteoFixtures.current(imperial: imperial)) }
            return .init(body: OpenMeteoFixtures.forecast(days: Int(request.query["forecast_days"] ?? "") ?? 7, imperial: imperial))
        }
        return WeatherService(provider: TestProviders.openMeteo(server), now: clock.closure)
    }

    @Test("A second ask within ten minutes is answered from the cache")
    func hitWithinTTL() async throws {
        try await withFakeServer { server in
            let clock = TestClock()
            let service = Self.service(server, clock: clock)
            let first = try await service.current(lat: 52.52, lon: 13.41, units: .metric)
            clock.advance(by: 599)
            let second = try await service.current(lat: 52.52, lon: 13.41, units: .metric)
            #expect(server.hits("/v1/forecast") == 1)
            #expect(second.value == first.value)
            #expect(second.age == 599)
            #expect(second.fetchedAt == first.fetchedAt)
            #expect(!second.isStale)
            #expect(first.age == 0)
        }
    }

    @Test("After ten minutes the provider is asked again")
    func refetchAfterTTL() async throws {
        try await withFakeServer { server in
            let clock = TestClock()
            let service = Self.service(server, clock: clock)
            _ = try await service.current(lat: 52.52, lon: 13.41, units: .metric)
            clock.advance(by: 600)
            let again = try await service.current(lat: 52.52, lon: 13.41, units: .metric)
            #expect(server.hits("/v1/forecast") == 2)
            #expect(!again.isStale)
            #expect(again.age == 0)
        }
    }

    @Test("Coordinates are rounded to two decimals for the cache and the request")
    func rounding() async throws {
        try await withFakeServer { server in
            let service = Self.service(server, clock: TestClock())
            _ = try await service.current(lat: 52.5201, lon: 13.4149, units: .metric)
            _ = try await service.current(lat: 52.5249, lon: 13.4051, units: .metric)
            #expect(server.hits("/v1/forecast") == 1)
            #expect(server.requests.first?.query["latitude"] == "52.5200")
            #expect(server.requests.first?.query["longitude"] == "13.4100")
            _ = try await service.current(lat: 52.526, lon: 13.41, units: .metric)
            #expect(server.hits("/v1/forecast") == 2)
        }
    }

    @Test("Units and kinds have separate cache entries")
    func separateEntries() async throws {
        try await withFakeServer { server in
            let service = Self.service(server, clock: TestClock())
            let metric = try await service.current(lat: 52.52, lon: 13.41, units: .metric)
            let imperial = try await service.current(lat: 52.52, lon: 13.41, units: .imperial)
            _ = try await service.forecast(lat: 52.52, lon: 13.41, days: 3, units: .metric)
            #expect(server.hits("/v1/forecast") == 3)
            #expect(metric.value.temperature == 18.4)
            #expect(imperial.value.temperature == 65.1)
            #expect(imperial.value.units == .imperial)
        }
    }

    @Test("A shorter forecast comes from a cached longer one; a longer one is fetched")
    func forecastDays() async throws {
        try await withFakeServer { server in
            let service = Self.service(server, clock: TestClock())
            let week = try await service.forecast(lat: 52.52, lon: 13.41, days: 7, units: .metric)
            let three = try await service.forecast(lat: 52.52, lon: 13.41, days: 3, units: .metric)
            #expect(server.hits("/v1/forecast") == 1)
            #expect(week.value.days.count == 7)
            #expect(three.value.days.count == 3)
            #expect(three.value.hourly.count == 71)
            _ = try await service.forecast(lat: 52.52, lon: 13.41, days: 10, units: .metric)
            #expect(server.hits("/v1/forecast") == 2)
        }
    }

    @Test("Asks that arrive together share one request")
    func concurrentAsksShareOneFetch() async throws {
        try await withFakeServer { server in
            server.route("/v1/forecast", body: OpenMeteoFixtures.current(imperial: false), delay: .milliseconds(300))
            let service = WeatherService(provider: TestProviders.openMeteo(server), now: TestClock().closure)
            let results = try await withThrowingTaskGroup(of: WeatherResult<WeatherData>.self) { group in
                for _ in 0..<5 { group.addTask { try await service.current(lat: 52.52, lon: 13.41, units: .metric) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 5)
            #expect(Set(results.map(\.value.temperature)) == [18.4])
            #expect(server.hits("/v1/forecast") == 1)
        }
    }

    @Test("The cache can be read without asking the provider, with staleness after ten minutes")
    func cachedCurrent() async throws {
        try await withFakeServer { server in
            let clock = TestClock()
            let service = Self.service(server, clock: clock)
            #expect(await service.cachedCurrent(lat: 52.52, lon: 13.41, units: .metric) == nil)
            _ = try await service.current(lat: 52.52, lon: 13.41, units: .metric)
            #expect(await service.cachedCurrent(lat: 52.52, lon: 13.41, units: .metric)?.isStale == false)
            clock.advance(by: 601)
            let old = await service.cachedCurrent(lat: 52.52, lon: 13.41, units: .metric)
            #expect(old?.isStale == true)
            #expect(old?.age == 601)
            await service.removeAll()
            #expect(await service.cachedCurrent(lat: 52.52, lon: 13.41, units: .metric) == nil)
            #expect(server.hits("/v1/forecast") == 1)
        }
    }
}
