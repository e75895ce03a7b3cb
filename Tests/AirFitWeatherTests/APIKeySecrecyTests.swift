import AirFitTestSupport
import AirFitWeather
import Foundation
import Testing

/// The person's API key goes into query strings; it must never come back out in an error or a log line.
@Suite("API key secrecy")
struct APIKeySecrecyTests {
    private static let keys = [TestProviders.openWeatherMapKey, TestProviders.weatherAPIKey]

    /// A provider that echoes the request, key included, in its error message (some proxies do).
    private static func echoingServer(_ server: FakeWeatherServer, status: Int) {
        for path in ["/data/2.5/weather", "/data/2.5/forecast", "/v1/current.json", "/v1/forecast.json"] {
            server.route(path) { request in
                let echoed = "request \(path)?appid=\(request.query["appid"] ?? "")&key=\(request.query["key"] ?? "") failed"
                let body =
                    path.hasPrefix("/v1")
                    ? #"{"error":{"code":9999,"message":"\#(echoed) for key \#(request.query["key"] ?? "")"}}"#
                    : #"{"cod":\#(status),"message":"\#(echoed) for appid \#(request.query["appid"] ?? "")"}"#
                return .init(status: status, body: body)
            }
        }
    }

    private static func everything(_ error: WeatherError?) -> String {
        guard let error else { return "" }
        return [String(describing: error), error.localizedDescription, error.fullMessage].joined(separator: "\n")
    }

    @Test("Error messages never contain the key, whatever the provider's body says", arguments: [400, 401, 404, 429, 500])
    func errorMessages(status: Int) async throws {
        try await withFakeServer { server in
            Self.echoingServer(server, status: status)
            let keys = try await TestProviders.keys()
            let providers: [any WeatherProvider] = [
                TestProviders.openWeatherMap(server, keys: keys), TestProviders.weatherAPI(server, keys: keys),
            ]
            for provider in providers {
                let current = await weatherError { _ = try await provider.current(lat: 52.52, lon: 13.41, units: .metric) }
                let forecast = await weatherError { _ = try await provider.forecast(lat: 52.52, lon: 13.41, days: 2, units: .metric) }
                #expect(current != nil)
                #expect(forecast != nil)
                for key in Self.keys {
                    #expect(!Self.everything(current).contains(key))
                    #expect(!Self.everything(forecast).contains(key))
                }
            }
            #expect(server.requests.count == 4)
        }
    }

    @Test("A rejected request keeps the provider's explanation with the key blanked out")
    func rejectedMessageRedacted() async throws {
        try await withFakeServer { server in
            Self.echoingServer(server, status: 400)
            let provider = TestProviders.weatherAPI(server, keys: try await TestProviders.keys())
            let error = await weatherError { _ = try await provider.current(lat: 52.52, lon: 13.41, units: .metric) }
            guard case .rejected(_, let message) = error else {
                Issue.record("expected a rejection, got \(String(describing: error))")
                return
            }
            #expect(message.contains("key=REDACTED"))
            #expect(message.hasSuffix("for key REDACTED"))
        }
    }

    @Test("Log lines at every level never contain the key, on success, failure and timeout")
    func logLines() async throws {
        try await withFakeServer { server in
            let lines = Locked<[String]>([])
            let logger = CapturingLogHandler.logger(lines)
            let http = AsyncHTTPWeatherClient(client: TestProviders.client, logger: logger)
            let keys = try await TestProviders.keys()
            let owm = OpenWeatherMapProvider(keys: keys, baseURL: server.baseURL, http: http, timeout: .seconds(2), logger: logger)
            let wapi = WeatherAPIProvider(keys: keys, baseURL: server.baseURL, http: http, timeout: .seconds(2), logger: logger)
            let clock = TestClock()
            let owmService = WeatherService(provider: owm, now: clock.closure, logger: logger)
            let wapiService = WeatherService(provider: wapi, now: clock.closure, logger: logger)

            server.route("/data/2.5/weather", body: OpenWeatherMapFixtures.current(imperial: false))
            server.route("/v1/current.json", body: WeatherAPIFixtures.current)
            _ = try await owmService.current(lat: 52.52, lon: 13.41, units: .metric)
            _ = try await wapiService.current(lat: 52.52, lon: 13.41, units: .metric)
            clock.advance(by: 700)
            Self.echoingServer(server, status: 401)
            _ = try await owmService.current(lat: 52.52, lon: 13.41, units: .metric)
            _ = try await wapiService.current(lat: 52.52, lon: 13.41, units: .metric)
            server.route("/data/2.5/forecast", body: "{}", delay: .seconds(4))
            _ = await weatherError { _ = try await owmService.forecast(lat: 52.52, lon: 13.41, days: 1, units: .metric) }

            let logged = lines.value.joined(separator: "\n")
            #expect(!lines.value.isEmpty)
            #expect(logged.contains("appid=REDACTED"))
            for key in Self.keys { #expect(!logged.contains(key)) }
        }
    }
}
