public import AirFitCore
public import AirFitWeather
import Foundation

/// The weather service as the coach sees it: current conditions and a three-day outlook as JSON.
public struct WeatherServiceSource: CoachWeatherSource {
    private let service: WeatherService

    /// Creates a source over `service`.
    public init(service: WeatherService) {
        self.service = service
    }

    public func weatherSummary(latitude: Double, longitude: Double, units: MeasurementSystem) async throws -> JSONValue {
        let weatherUnits = WeatherUnits(units)
        async let current = service.current(lat: latitude, lon: longitude, units: weatherUnits)
        async let forecast = service.forecast(lat: latitude, lon: longitude, days: 3, units: weatherUnits)
        let now = try await current
        let days = try await forecast
        var object: [String: JSONValue] = [
            "now": .string(
                "\(now.value.summary ?? now.value.condition.displayName), \(weatherUnits.formatTemperature(now.value.temperature))"
                    + " (feels like \(weatherUnits.formatTemperature(now.value.feelsLike))), wind "
                    + weatherUnits.formatWindSpeed(now.value.windSpeed)),
            "days": .array(
                days.value.days.map { day in
                    .string(
                        "\(day.date): \(day.condition.displayName), \(weatherUnits.formatTemperature(day.low))–"
                            + "\(weatherUnits.formatTemperature(day.high))"
                            + (day.precipitationProbability.map { ", \($0)% chance of rain" } ?? ""))
                }),
            "source": .string(now.value.provider.displayName),
        ]
        if now.isStale || days.isStale { object["note"] = .string("Some of this data is older than usual: the provider did not answer.") }
        return .object(object)
    }
}
