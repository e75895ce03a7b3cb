public import AirFitCore

/// Where the weather is: coordinates and, when the provider knows it, a place name.
public struct WeatherLocation: Codable, Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    /// "Berlin, Germany"; nil when the provider returns no name (Open-Meteo).
    public var name: String?

    /// Creates a location.
    public init(latitude: Double, longitude: Double, name: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.name = name
    }

    /// The location of a place the person saved in their preferences.
    public init(_ saved: SavedLocation) {
        self.init(latitude: saved.latitude, longitude: saved.longitude, name: saved.name)
    }
}
