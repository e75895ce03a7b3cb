import AirFitCore
import AirFitWeather
import Foundation

/// `getWeather`: conditions and forecast at the user's saved location.
///
/// What it answers goes to the AI provider, so it never carries the coordinates: the forecast, or why there is none.
struct GetWeatherTool: CoachToolHandler {
    let definition = CoachToolDefinition(
        name: "getWeather", labels: ToolCardLabels(running: "Checking the weather…", done: "Checked the weather"),
        description: "Current weather and the next days' forecast at the person's saved location.",
        parameters: ToolSchema.object([:]))

    func run(argumentsJSON: String, context: ToolContext) async throws -> ToolOutcome {
        guard let location = context.user.location else {
            throw ToolError.unavailable(
                "No location is saved; the person can set one in Settings → Location & weather (or with `airfit location set`) to get weather."
            )
        }
        guard let weather = context.weather else { throw ToolError.unavailable("Weather is not available right now.") }
        do {
            let summary = try await weather.weatherSummary(
                latitude: location.latitude, longitude: location.longitude, units: context.user.preferredUnits)
            return ToolOutcome(resultJSON: String(decoding: try summary.encoded(), as: UTF8.self), isError: false)
        } catch WeatherError.invalidCoordinates {
            // That error's message quotes the coordinates.
            throw ToolError.unavailable(
                "The saved location is not a place on the map; the person can set it again in Settings → Location & weather.")
        } catch {
            throw ToolError.unavailable(
                "Weather could not be fetched: \((error as? any LocalizedError)?.errorDescription ?? "unknown error").")
        }
    }
}
