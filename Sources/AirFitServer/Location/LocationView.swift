import AirFitCore
import Foundation

/// Settings → Location & weather.
struct LocationView: PageView {
    static let template = "location"

    /// One place found.
    struct Result: Sendable {
        let label: String
        let latitude: String
        let longitude: String

        init(_ place: FoundPlace) {
            label = place.label
            latitude = String(place.latitude)
            longitude = String(place.longitude)
        }
    }

    /// "Berlin, Land Berlin, Germany (52.52, 13.41)", or nil.
    let saved: String?
    let canSearch: Bool
    var query = ""
    var results: [Result] = [] {
        didSet { hasResults = !results.isEmpty }
    }
    private(set) var hasResults = false
    /// A search ran (so "nothing found" can be said).
    var searched = false
    var cleared = false

    init(saved location: SavedLocation?, canSearch: Bool) {
        saved = location.map { location in
            let coordinates = String(format: "%.2f, %.2f", location.latitude, location.longitude)
            return location.name.map { "\($0) (\(coordinates))" } ?? coordinates
        }
        self.canSearch = canSearch
    }
}
