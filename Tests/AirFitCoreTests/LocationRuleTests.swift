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

    @Test(
        "Typed coordinates are plain decimals: a comma, a unit or an empty field is refused naming the field",
        arguments: [
            ("52,52", "13.41", "Latitude"), ("", "13.41", "Latitude"), ("52.52 N", "13.41", "Latitude"), ("52.52", "13.41E", "Longitude"),
            ("52.52", "", "Longitude"), ("52.52", "-inf", "Longitude"),
        ])
    func typedRefused(latitude: String, longitude: String, field: String) {
        do {
            _ = try LocationRule.location(latitudeText: latitude, longitudeText: longitude, name: nil)
            Issue.record("\(latitude), \(longitude) was accepted")
        } catch {
            #expect(error.message.hasPrefix(field))
        }
    }

    @Test("Typed coordinates are trimmed and rounded like any other; a place is described with its coordinates")
    func typedAccepted() throws {
        let location = try LocationRule.location(latitudeText: " -33.867851 ", longitudeText: "151.2073", name: "Sydney")
        #expect(location == SavedLocation(latitude: -33.87, longitude: 151.21, name: "Sydney"))
        #expect(LocationRule.describe(location) == "Sydney (-33.87, 151.21)")
        #expect(LocationRule.describe(SavedLocation(latitude: 0.5, longitude: -0.004)) == "0.50, 0.00")
        #expect(try LocationRule.location(latitude: -0.004, longitude: 0, name: nil).latitude.sign == .plus, "stored as 0, not -0")
    }
}
