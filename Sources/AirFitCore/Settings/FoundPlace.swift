/// A place found by name: what a person picks as their saved location.
public struct FoundPlace: Sendable, Equatable {
    public var name: String
    /// State, region or county, when the geocoder knows it.
    public var area: String?
    public var country: String?
    public var latitude: Double
    public var longitude: Double

    /// Creates a place.
    public init(name: String, area: String?, country: String?, latitude: Double, longitude: Double) {
        self.name = name
        self.area = area
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
    }

    /// "Berlin, Land Berlin, Germany".
    public var label: String {
        ([name] + [area, country].compactMap { $0 }.filter { !$0.isEmpty && $0 != name }).joined(separator: ", ")
    }
}
