import AirFitWeather
import Testing

@Suite("Weather errors")
struct WeatherErrorTests {
    static let all: [WeatherError] = [
        .invalidCoordinates(latitude: 95, longitude: 0), .invalidDays(20), .missingAPIKey(.weatherAPI),
        .keyUnreadable(.openWeatherMap), .invalidAPIKey(.openWeatherMap), .rateLimited(.openMeteo, retryAfterSeconds: nil),
        .unreachable(.openMeteo, reason: "the connection was refused"), .rejected(.weatherAPI, message: "No matching location found."),
        .providerFailure(.openMeteo, status: 502), .invalidResponse(.openMeteo, detail: "not JSON"),
    ]

    @Test("Every error says what happened and what to do, as full sentences", arguments: all)
    func sentences(error: WeatherError) throws {
        let description = try #require(error.errorDescription)
        let suggestion = try #require(error.recoverySuggestion)
        #expect(description.hasSuffix("."))
        #expect(suggestion.hasSuffix("."))
        #expect(error.fullMessage == "\(description) \(suggestion)")
    }

    @Test("A provider's explanation without final punctuation still ends the sentence")
    func rejectedPunctuation() {
        #expect(WeatherError.rejected(.openMeteo, message: "no route").errorDescription == "Open-Meteo rejected the request: no route.")
        #expect(WeatherError.rejected(.openMeteo, message: "Bad day!").errorDescription == "Open-Meteo rejected the request: Bad day!")
    }
}
