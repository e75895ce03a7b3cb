import Foundation

/// What a saved location may be: real coordinates, kept only to about a kilometre (two decimals), and a short name.
public enum LocationRule {
    /// Decimals kept of each coordinate: 0.01° is about 1.1 km, enough for weather and no closer to a doorstep.
    public static let decimals = 2
    /// The longest place name kept.
    public static let maximumNameLength = 120

    /// Why coordinates or a name cannot be saved.
    public struct Problem: Error, Equatable {
        public var message: String

        /// A problem with `message`.
        public init(message: String) { self.message = message }
    }

    /// The location to store: coordinates checked (finite, in range) before anything else, then rounded.
    /// - Throws: ``Problem`` naming what is wrong.
    public static func location(latitude: Double, longitude: Double, name: String?) throws(Problem) -> SavedLocation {
        guard latitude.isFinite, (-90...90).contains(latitude) else { throw Problem(message: latitudeProblem) }
        guard longitude.isFinite, (-180...180).contains(longitude) else { throw Problem(message: longitudeProblem) }
        let name = name.map { TextInput.clean($0, singleLine: true).trimmingCharacters(in: .whitespaces) }
        if let name, name.count > maximumNameLength {
            throw Problem(message: "Keep the place name under \(maximumNameLength) characters.")
        }
        return SavedLocation(
            latitude: rounded(latitude), longitude: rounded(longitude), name: name.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The location to store from a form's text fields, where each coordinate must be a plain decimal number
    /// ("52.52", "-0.13"); then as ``location(latitude:longitude:name:)``.
    /// - Throws: ``Problem`` naming the first field that is wrong.
    public static func location(latitudeText: String?, longitudeText: String?, name: String?) throws(Problem) -> SavedLocation {
        guard let latitude = number(latitudeText) else { throw Problem(message: latitudeProblem) }
        guard let longitude = number(longitudeText) else { throw Problem(message: longitudeProblem) }
        return try location(latitude: latitude, longitude: longitude, name: name)
    }

    /// "52.52, 13.41": the coordinates as stored.
    public static func coordinates(_ location: SavedLocation) -> String {
        String(format: "%.2f, %.2f", rounded(location.latitude), rounded(location.longitude))
    }

    /// "Berlin, Germany (52.52, 13.41)", or the coordinates alone when the place has no name.
    public static func describe(_ location: SavedLocation) -> String {
        location.name.map { "\($0) (\(coordinates(location)))" } ?? coordinates(location)
    }

    static let latitudeProblem = "Latitude must be a number from -90 to 90 (for example 52.52 for Berlin)."
    static let longitudeProblem = "Longitude must be a number from -180 to 180 (for example 13.41 for Berlin)."

    /// A decimal number typed into a field; nil for an empty, overlong or unreadable one (a comma as the decimal
    /// point included, so "52,52" is never read as 5252).
    private static func number(_ text: String?) -> Double? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text.count <= 32 else { return nil }
        return Double(text)
    }

    /// `value` to ``decimals`` decimals (a value that rounds to zero is 0, never -0, so it never reads "-0.00").
    public static func rounded(_ value: Double) -> Double {
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        return rounded == 0 ? 0 : rounded
    }
}
