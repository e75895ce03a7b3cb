import ArgumentParser
import Foundation

/// Whether and from where the coach fetches weather for the person's saved location.
struct WeatherOptions: ParsableArguments {
    @Flag(help: "Leave the weather at your saved location out instead of fetching it from Open-Meteo.")
    var noWeather = false

    @Option(help: "Open-Meteo base URL, for testing against a local server (e.g. http://127.0.0.1:8081).")
    var weatherBaseURL: String?

    func validate() throws {
        if let weatherBaseURL {
            guard let url = URL(string: weatherBaseURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--weather-base-url must be an http(s) URL such as http://127.0.0.1:8081.")
            }
        }
    }
}
