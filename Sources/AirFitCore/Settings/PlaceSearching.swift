public import Foundation

/// Finds places by name (the saved location's search); the weather module implements it over Open-Meteo.
public protocol PlaceSearching: Sendable {
    /// The places called `name`, best match first (empty when none).
    /// - Throws: ``PlaceSearchError``.
    func search(_ name: String) async throws -> [FoundPlace]
}

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

/// Why a place search failed, in words a person can act on.
public enum PlaceSearchError: Error, LocalizedError, Equatable {
    /// The name was empty or too long.
    case invalidName(String)
    /// The geocoder could not be reached or answered with something unusable.
    case unavailable(String)

    public var errorDescription: String? {
        switch self {
        case .invalidName(let why): why
        case .unavailable(let detail): "Place search is not available right now (\(detail)). Try again, or give coordinates."
        }
    }
}
