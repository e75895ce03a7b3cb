import AirFitAI
import AirFitCore
import AirFitWeather
import Foundation
import Testing

@testable import AirFitCoach

/// A weather provider that always has the same mild day, and records where it was asked about.
final class SteadyWeather: WeatherProvider, @unchecked Sendable {
    let id = WeatherProviderID.openMeteo
    private let lock = NSLock()
    private var asked: [String] = []

    /// "lat,lon" of every request.
    var points: [String] { lock.withLock { asked } }

    func current(lat: Double, lon: Double, units: WeatherUnits) async throws -> WeatherData {
        lock.withLock { asked.append("\(lat),\(lon)") }
        return WeatherData(
            location: WeatherLocation(latitude: lat, longitude: lon), temperature: 17, feelsLike: 16, humidity: 60, windSpeed: 9,
            condition: .clear, observedAt: Date(timeIntervalSince1970: 1_773_165_600), units: units, provider: id)
    }

    func forecast(lat: Double, lon: Double, days: Int, units: WeatherUnits) async throws -> WeatherForecast {
        lock.withLock { asked.append("\(lat),\(lon)") }
        return WeatherForecast(
            location: WeatherLocation(latitude: lat, longitude: lon),
            days: [.init(date: LocalDate(year: 2026, month: 3, day: 10), high: 19, low: 8, condition: .clear, precipitationProbability: 5)],
            hourly: [], units: units, provider: id)
    }
}

@Suite("Coach: the saved place's coordinates never reach the AI provider")
struct WeatherPrivacyTests {
    @Test("The prompt names the place and the getWeather result gives the forecast; neither carries the coordinates")
    func promptAndToolCarryNoCoordinates() async throws {
        let provider = SteadyWeather()
        let source = WeatherServiceSource(service: WeatherService(provider: provider))
        let place = SavedLocation(latitude: 52.52, longitude: 13.41, name: "Berlin, Land Berlin, Germany")
        let scripts = [ScriptedStreamer.tool("getWeather", id: "w1", arguments: "{}"), ScriptedStreamer.text("A fine day to run.")]
        try await CoachFixture.with(scripts, weather: source, location: place) { fixture in
            let events = try await fixture.send("Should I run outside today?")
            #expect(events.text == "A fine day to run.")
            // The weather was fetched for the saved place.
            #expect(provider.points.contains("52.52,13.41"))
            #expect(fixture.streamer.requests.count == 2)
            let prompt = try #require(fixture.streamer.requests.first?.systemPrompt)
            #expect(prompt.contains("at Berlin, Land Berlin, Germany."))
            let result = try #require(
                fixture.streamer.requests.last?.messages.compactMap { message -> String? in
                    if case .toolResult(_, "getWeather", let content) = message { content } else { nil }
                }.first)
            #expect(result.contains("Clear") && result.contains("17"))
            for request in fixture.streamer.requests {
                let sent = "\(request.systemPrompt ?? "") \(request.messages)"
                for coordinate in ["52.52", "13.41", "52,52", "13,41"] {
                    #expect(!sent.contains(coordinate), "the request carries \(coordinate)")
                }
            }
        }
    }

    @Test("A saved location that is not on the map is reported to the model without quoting it")
    func invalidLocationIsNotQuoted() async throws {
        let source = WeatherServiceSource(service: WeatherService(provider: SteadyWeather()))
        let scripts = [ScriptedStreamer.tool("getWeather", id: "w1", arguments: "{}"), ScriptedStreamer.text("No weather then.")]
        try await CoachFixture.with(scripts, weather: source, location: SavedLocation(latitude: 123.45, longitude: 67.89)) { fixture in
            _ = try await fixture.send("Weather?")
            let sent = fixture.streamer.requests.map { "\($0.systemPrompt ?? "") \($0.messages)" }.joined()
            #expect(sent.contains("The saved location is not a place on the map"))
            #expect(!sent.contains("123.45") && !sent.contains("67.89"))
        }
    }
}
