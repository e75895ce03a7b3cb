public import AirFitCore
import Foundation

/// The units weather values are requested and shown in, tied to the person's ``MeasurementSystem``.
///
/// Metric is °C and km/h; imperial is °F and mph. Providers are asked for values in these units,
/// so the numbers in ``WeatherData`` and ``WeatherForecast`` are already in them.
public enum WeatherUnits: String, Codable, CaseIterable, Sendable, Hashable {
    case metric, imperial

    /// The units that go with a measurement system.
    public init(_ system: MeasurementSystem) {
        self = system == .imperial ? .imperial : .metric
    }

    /// The measurement system these units belong to.
    public var measurementSystem: MeasurementSystem { self == .imperial ? .imperial : .metric }

    /// "°C" or "°F".
    public var temperatureSymbol: String { measurementSystem.temperatureUnit }

    /// "km/h" or "mph".
    public var windSpeedSymbol: String { self == .imperial ? "mph" : "km/h" }

    /// A temperature already in these units, formatted by Core: "22°C" / "72°F".
    public func formatTemperature(_ value: Double, fractionDigits: Int = 0) -> String {
        switch self {
        case .metric:
            return measurementSystem.formatTemperature(celsius: value, fractionDigits: fractionDigits)
        case .imperial:
            // Core formats from Celsius. Rounding the Fahrenheit value first keeps the round trip
            // through Celsius from turning 72.5 into 72.4999… and printing 72 instead of 73.
            let scale = pow(10, Double(max(0, fractionDigits)))
            let rounded = (value * scale).rounded() / scale
            let celsius = MeasurementSystem.celsius(fromFahrenheit: rounded)
            return measurementSystem.formatTemperature(celsius: celsius, fractionDigits: fractionDigits)
        }
    }

    /// A wind speed already in these units: "12 km/h" / "7 mph".
    public func formatWindSpeed(_ value: Double) -> String {
        let whole = FiniteNumber.displayInt(value)
        return "\(whole == 0 ? 0 : whole) \(windSpeedSymbol)"
    }

    /// Kilometers per hour per meter per second (OpenWeatherMap's metric wind unit).
    static let kilometersPerHourPerMeterPerSecond = 3.6
}
