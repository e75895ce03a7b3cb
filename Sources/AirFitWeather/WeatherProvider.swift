/// A source of weather data: Open-Meteo, OpenWeatherMap, WeatherAPI.com, or a test double.
///
/// Rules every implementation keeps:
/// - values come back in the `units` asked for (°C and km/h, or °F and mph);
/// - every thrown error is a ``WeatherError`` (or `CancellationError`), and none contains an API key;
/// - `forecast` returns at most `days` days, starting today at the location, with hourly steps filled in;
/// - no caching: ``WeatherService`` does that.
public protocol WeatherProvider: Sendable {
    /// Which provider this is.
    var id: WeatherProviderID { get }

    /// Current conditions at a point.
    /// - Throws: ``WeatherError``.
    func current(lat: Double, lon: Double, units: WeatherUnits) async throws -> WeatherData

    /// Daily and hourly forecast at a point for `days` days (fewer if the provider has fewer).
    /// - Throws: ``WeatherError``.
    func forecast(lat: Double, lon: Double, days: Int, units: WeatherUnits) async throws -> WeatherForecast
}
