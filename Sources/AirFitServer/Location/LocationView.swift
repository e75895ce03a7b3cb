import AirFitCore
import AirFitWeather
import Foundation

/// Settings → Location & weather: the saved place, a search by name, "Use my location", coordinates, clearing
/// it, and the keys for the weather providers that need one.
struct LocationView: PageView {
    static let template = "location"

    /// One place found by the search, with the (rounded) values its save form posts.
    struct Result: Sendable {
        let label: String
        let name: String
        let area: String?
        let country: String?
        let latitude: String
        let longitude: String
    }

    /// One weather provider that takes a key.
    struct KeyRow: Sendable {
        let id: String
        let name: String
        /// The stored key's masked form (its last four characters); nil when none is stored.
        let masked: String?
        let keyPage: String?
        /// Whether this row's key form is what was refused (its field is then marked).
        var refused = false
    }

    /// "Berlin, Land Berlin, Germany (52.52, 13.41)", or nil when no place is saved.
    var saved: String?
    /// Whether the person shares the place's name and weather with the coach (Settings → Privacy).
    var shared: Bool
    /// Whether this server can search places by name.
    var canSearch: Bool
    /// What was searched for, kept in the field.
    var query = ""
    var results: [Result] = []
    /// Whether a search found places (the list is shown), or nothing.
    var hasResults = false
    var nothingFound = false
    /// The coordinates form's values: what was typed, kept when it is refused.
    var typedLatitude = ""
    var typedLongitude = ""
    var typedName = ""
    /// Whether the coordinates form is what was refused (its fields are then marked).
    var coordinatesRefused = false
    var keys: [KeyRow] = []
    var notices: [String] = []

    /// The coach's weather source (the server asks Open-Meteo for every person).
    let coachSource = WeatherProviderID.openMeteo.displayName

    /// The page for `user`, with the weather keys' summaries.
    init(user: User, keys: [WeatherProviderID: StoredSecretSummary], canSearch: Bool) {
        saved = user.location.map(LocationRule.describe)
        shared = CoachContextPolicy(user: user).shares(.weatherLocation)
        self.canSearch = canSearch
        self.keys = WeatherKeys.keyed.map { provider in
            KeyRow(
                id: provider.rawValue, name: provider.displayName, masked: keys[provider]?.masked,
                keyPage: WeatherKeys.keyPage(provider))
        }
    }

    /// The found places as result rows, their coordinates already rounded as they will be stored.
    mutating func show(_ places: [FoundPlace]) {
        hasResults = !places.isEmpty
        nothingFound = places.isEmpty
        results = places.map { place in
            Result(
                label: place.label, name: place.name, area: place.area, country: place.country,
                latitude: Self.decimal(place.latitude), longitude: Self.decimal(place.longitude))
        }
    }

    /// Marks `provider`'s key form as the one refused.
    mutating func refuseKey(_ provider: WeatherProviderID) {
        for index in keys.indices where keys[index].id == provider.rawValue { keys[index].refused = true }
    }

    /// A coordinate as stored, "52.52".
    static func decimal(_ value: Double) -> String {
        String(format: "%.\(LocationRule.decimals)f", LocationRule.rounded(value))
    }
}
