import Foundation

/// Imperial or metric: how quantities are shown and entered. Values are stored in metric.
public enum MeasurementSystem: String, Codable, CaseIterable, Sendable, Identifiable {
    case imperial, metric

    public var id: String { rawValue }

    /// The label a person reads.
    public var displayName: String { self == .imperial ? "Imperial" : "Metric" }

    /// The units this system uses, in one line.
    public var description: String {
        self == .imperial ? "Pounds, feet & inches, miles, °F" : "Kilograms, centimeters, kilometers, °C"
    }

    // MARK: Conversion factors

    /// Kilograms per pound (exact by definition).
    public static let kilogramsPerPound = 0.45359237
    /// Centimeters per inch (exact by definition).
    public static let centimetersPerInch = 2.54
    /// Meters per mile (exact by definition).
    public static let metersPerMile = 1609.344

    /// Pounds → kilograms.
    public static func kilograms(fromPounds pounds: Double) -> Double { pounds * kilogramsPerPound }
    /// Kilograms → pounds.
    public static func pounds(fromKilograms kilograms: Double) -> Double { kilograms / kilogramsPerPound }
    /// Feet and inches → centimeters.
    public static func centimeters(feet: Double, inches: Double) -> Double { (feet * 12 + inches) * centimetersPerInch }
    /// Centimeters → whole feet and remaining inches (rounded to the nearest inch).
    public static func feetAndInches(fromCentimeters cm: Double) -> (feet: Int, inches: Int) {
        let totalInches = FiniteNumber.displayInt(cm / centimetersPerInch)
        return (totalInches / 12, totalInches % 12)
    }
    /// Miles → meters.
    public static func meters(fromMiles miles: Double) -> Double { miles * metersPerMile }
    /// Meters → miles.
    public static func miles(fromMeters meters: Double) -> Double { meters / metersPerMile }
    /// Fahrenheit → Celsius.
    public static func celsius(fromFahrenheit f: Double) -> Double { (f - 32) * 5 / 9 }
    /// Celsius → Fahrenheit.
    public static func fahrenheit(fromCelsius c: Double) -> Double { c * 9 / 5 + 32 }

    // MARK: Formatting (input always metric)

    /// "150 lbs" / "68 kg".
    public func formatWeight(kilograms: Double, fractionDigits: Int = 0) -> String {
        switch self {
        case .imperial: return "\(Self.number(Self.pounds(fromKilograms: kilograms), fractionDigits)) lbs"
        case .metric: return "\(Self.number(kilograms, fractionDigits)) kg"
        }
    }

    /// `5'10"` / "178 cm".
    public func formatHeight(centimeters: Double) -> String {
        switch self {
        case .imperial:
            let (feet, inches) = Self.feetAndInches(fromCentimeters: centimeters)
            return "\(feet)'\(inches)\""
        case .metric: return "\(Self.number(centimeters, 0)) cm"
        }
    }

    /// "3 miles" / "5 km" ("1 mile" in the singular).
    public func formatDistance(meters: Double, fractionDigits: Int = 0) -> String {
        switch self {
        case .imperial:
            let text = Self.number(Self.miles(fromMeters: meters), fractionDigits)
            return "\(text) \(text == "1" ? "mile" : "miles")"
        case .metric: return "\(Self.number(meters / 1000, fractionDigits)) km"
        }
    }

    /// "72°F" / "22°C".
    public func formatTemperature(celsius: Double, fractionDigits: Int = 0) -> String {
        switch self {
        case .imperial: return "\(Self.number(Self.fahrenheit(fromCelsius: celsius), fractionDigits))°F"
        case .metric: return "\(Self.number(celsius, fractionDigits))°C"
        }
    }

    /// The unit label for weights in this system.
    public var weightUnit: String { self == .imperial ? "lbs" : "kg" }
    /// The unit label for distances in this system.
    public var distanceUnit: String { self == .imperial ? "miles" : "km" }
    /// The unit label for temperatures in this system.
    public var temperatureUnit: String { self == .imperial ? "°F" : "°C" }

    /// A weight typed in this system's unit, converted to kilograms.
    public func kilograms(fromEntered value: Double) -> Double {
        self == .imperial ? Self.kilograms(fromPounds: value) : value
    }

    /// Rounds half away from zero and prints without a trailing ".0" run; "-0" becomes "0".
    static func number(_ value: Double, _ fractionDigits: Int) -> String {
        let scale = pow(10, Double(max(0, fractionDigits)))
        let rounded = (value * scale).rounded() / scale
        if fractionDigits <= 0 || rounded == rounded.rounded() {
            let whole = FiniteNumber.displayInt(rounded)
            return String(whole == 0 ? 0 : whole)
        }
        var text = String(format: "%.\(fractionDigits)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
