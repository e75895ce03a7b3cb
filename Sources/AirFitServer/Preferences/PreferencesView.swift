import AirFitCore
import Foundation

/// Settings → Time zone & week start.
struct PreferencesView: PageView {
    static let template = "preferences"

    /// One time zone of the list.
    struct Zone: Sendable {
        let name: String
        let selected: Bool
    }

    /// Every known zone, the chosen one selected.
    let zones: [Zone]
    /// The chosen zone as posted or stored (kept even when it is not in the list, so a refused one is shown).
    let timeZone: String
    /// Whether `timeZone` is one of `zones`.
    let isKnown: Bool
    /// The zone is still the server's default, so the page's script may select the browser's zone instead.
    let suggestBrowserZone: Bool
    let weekStarts: [Choice]
    var timeZoneInvalid = false
    var weekStartInvalid = false
    var notices: [String] = []

    /// The page with `timeZone` and `weekStart` (a ``WeekStart`` raw value) chosen.
    init(timeZone: String, weekStart: String) {
        zones = TimeZoneRule.knownIdentifiers.map { Zone(name: $0, selected: $0 == timeZone) }
        self.timeZone = timeZone
        isKnown = TimeZoneRule.knownIdentifiers.contains(timeZone)
        suggestBrowserZone = timeZone == TimeZone.current.identifier
        weekStarts = WeekStart.allCases.map { start in
            Choice(value: start.rawValue, name: start.displayName, checked: start.rawValue == weekStart)
        }
    }
}
