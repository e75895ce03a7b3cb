public import Foundation

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
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw Problem(message: "Latitude must be a number from -90 to 90 (for example 52.52 for Berlin).")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw Problem(message: "Longitude must be a number from -180 to 180 (for example 13.41 for Berlin).")
        }
        let name = name.map { TextInput.clean($0, singleLine: true).trimmingCharacters(in: .whitespaces) }
        if let name, name.count > maximumNameLength {
            throw Problem(message: "Keep the place name under \(maximumNameLength) characters.")
        }
        return SavedLocation(
            latitude: rounded(latitude), longitude: rounded(longitude), name: name.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// `value` to ``decimals`` decimals.
    public static func rounded(_ value: Double) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded() / scale
    }
}
