import AirFitCore
import Foundation

/// `getWeather`: conditions and forecast at the user's saved location.
struct GetWeatherTool: CoachToolHandler {
    let definition = CoachToolDefinition(
        name: "getWeather", labels: ToolCardLabels(running: "Checking the weather…", done: "Checked the weather"),
        description: "Current weather and the next days' forecast at the person's saved location.",
        parameters: ToolSchema.object([:]))

    func run(argumentsJSON: String, context: ToolContext) async throws -> ToolOutcome {
        guard let location = context.user.location else {
            throw ToolError.unavailable("No location is saved; the person can set one in Settings to get weather.")
        }
        guard let weather = context.weather else { throw ToolError.unavailable("Weather is not available right now.") }
        do {
            let summary = try await weather.weatherSummary(
                latitude: location.latitude, longitude: location.longitude, units: context.user.preferredUnits)
            return ToolOutcome(resultJSON: String(decoding: try summary.encoded(), as: UTF8.self), isError: false)
        } catch {
            throw ToolError.unavailable(
                "Weather could not be fetched: \((error as? any LocalizedError)?.errorDescription ?? "unknown error").")
        }
    }
}
