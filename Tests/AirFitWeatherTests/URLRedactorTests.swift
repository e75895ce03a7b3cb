import AirFitWeather
import Foundation
import Testing

@Suite("URL redaction")
struct URLRedactorTests {
    @Test("OpenWeatherMap's appid is hidden and the rest of the URL kept")
    func appid() {
        let url = URL(string: "https://api.openweathermap.org/data/2.5/weather?lat=52.52&lon=13.41&units=metric&appid=abc123secret")!
        #expect(
            URLRedactor.redact(url) == "https://api.openweathermap.org/data/2.5/weather?lat=52.52&lon=13.41&units=metric&appid=REDACTED")
    }

    @Test("WeatherAPI's key is hidden even as the first parameter and in any letter case")
    func key() {
        #expect(URLRedactor.redact("GET /v1/forecast.json?KEY=s3cr3t&q=52.52,13.41") == "GET /v1/forecast.json?KEY=REDACTED&q=52.52,13.41")
    }

    @Test("Text quoting a URL, and the raw secret anywhere, are redacted")
    func text() {
        let text = #"failed: "http://h/x?a=1&appid=k3y-value" then the key k3y-value again"#
        let redacted = URLRedactor.redact(text, secrets: ["k3y-value"])
        #expect(!redacted.contains("k3y-value"))
        #expect(redacted.contains("a=1&appid=REDACTED"))
    }

    @Test("Parameters that merely end in a secret name are kept")
    func lookalikes() {
        #expect(URLRedactor.redact("http://h/x?monkey=banana&key=1") == "http://h/x?monkey=banana&key=REDACTED")
    }
}
