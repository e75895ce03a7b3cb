import AirFitWeather
import Foundation
import Testing

@Suite("HTTP transport")
struct AsyncHTTPWeatherClientTests {
    @Test("A GET returns status, headers and the whole body")
    func get() async throws {
        try await withFakeServer { server in
            server.route("/x", status: 202, body: #"{"ok":true}"#, headers: ["X-Test": "yes"])
            let response = try await TestProviders.http.get(WeatherHTTPRequest(url: server.baseURL.appendingPathComponent("x")))
            #expect(response.status == 202)
            #expect(response.header("x-test") == "yes")
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
        }
    }

    @Test("A body over the limit fails instead of filling memory")
    func bodyLimit() async throws {
        try await withFakeServer { server in
            server.route("/big", body: String(repeating: "x", count: 10_000))
            let request = WeatherHTTPRequest(url: server.baseURL.appendingPathComponent("big"), maxBodyBytes: 1_000)
            await #expect(throws: WeatherTransportError.bodyTooLarge(limit: 1_000)) {
                _ = try await TestProviders.http.get(request)
            }
        }
    }

    @Test("A slow answer times out at the request's deadline")
    func timeout() async throws {
        try await withFakeServer { server in
            server.route("/slow", body: "{}", delay: .seconds(2))
            let request = WeatherHTTPRequest(url: server.baseURL.appendingPathComponent("slow"), timeout: .milliseconds(250))
            await #expect(throws: WeatherTransportError.timedOut(.milliseconds(250))) {
                _ = try await TestProviders.http.get(request)
            }
        }
    }

    @Test("The default request waits 30 seconds and accepts 2 MiB")
    func defaults() {
        let request = WeatherHTTPRequest(url: URL(string: "http://127.0.0.1/")!)
        #expect(request.timeout == .seconds(30))
        #expect(request.maxBodyBytes == 2 * 1024 * 1024)
    }
}
