import AirFitCore
import Foundation
import Testing

@Suite("Saved location rule")
struct LocationRuleTests {
    @Test("Coordinates are kept to two decimals (about a kilometre), west and south included; the name is cleaned")
    func rounding() throws {
        let location = try LocationRule.location(latitude: -33.867_85, longitude: -151.207_32, name: "  Sydney\u{0}  ")
        #expect(location == SavedLocation(latitude: -33.87, longitude: -151.21, name: "Sydney"))
        #expect(try LocationRule.location(latitude: 52.524_37, longitude: 13.410_53, name: " ").name == nil)
    }

    @Test(
        "Numbers that are not coordinates are refused before any conversion",
        arguments: [
            (Double.nan, 0.0, "Latitude"), (.infinity, 0, "Latitude"), (90.01, 0, "Latitude"), (0, -180.5, "Longitude"),
            (0, .nan, "Longitude"),
        ])
    func refused(latitude: Double, longitude: Double, field: String) {
        #expect(throws: LocationRule.Problem.self) { try LocationRule.location(latitude: latitude, longitude: longitude, name: nil) }
        do {
            _ = try LocationRule.location(latitude: latitude, longitude: longitude, name: nil)
        } catch {
            #expect(error.message.hasPrefix(field))
        }
    }
}
