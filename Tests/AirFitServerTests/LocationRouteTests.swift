import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

/// Places by name, in memory.
struct KnownPlaces: PlaceSearching {
    func search(_ name: String) async throws -> [FoundPlace] {
        guard name != "down" else { throw PlaceSearchError.unavailable("HTTP 503") }
        return name.lowercased() == "berlin"
            ? [FoundPlace(name: "Berlin", area: "Land Berlin", country: "Germany", latitude: 52.524_37, longitude: 13.410_53)] : []
    }
}

@Suite("Location & weather page")
struct LocationRouteTests {
    @Test("Search by name, save a result rounded to about a kilometre, clear; bad coordinates are refused with a message")
    func searchSaveClear() async throws {
        let dependencies = ServerDependencies(health: StubHealth(), passwordCost: 4, places: KnownPlaces())
        try await Application(router: buildRouter(dependencies)).test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            #expect(text(try await web.get("/settings").body).contains(#"Location &amp; weather<span class="value">Not set</span>"#))
            #expect(text(try await web.get("/settings/location").body).contains(#"data-testid="location.none""#))
            let found = text(try await web.get("/settings/location?q=Berlin").body)
            #expect(attributeValues("data-testid", testID: "location.result", in: found).count == 1)
            #expect(found.contains("Berlin, Land Berlin, Germany"))
            #expect(text(try await web.get("/settings/location?q=Atlantis").body).contains(#"data-testid="location.noResults""#))
            #expect(
                text(try await web.get("/settings/location?q=down").body).contains("Place search is not available right now (HTTP 503)"))

            let saved = try await web.post(
                "/settings/location", [("latitude", "52.52437"), ("longitude", "13.41053"), ("name", "Berlin, Land Berlin, Germany")])
            #expect(saved.headers[.location] == "/settings/location?saved=1")
            let user = try #require(try await dependencies.repository.users().first)
            #expect(user.location == SavedLocation(latitude: 52.52, longitude: 13.41, name: "Berlin, Land Berlin, Germany"))
            #expect(text(try await web.get("/settings/location").body).contains("Berlin, Land Berlin, Germany (52.52, 13.41)"))

            for (latitude, longitude, message) in [
                ("91", "0", "Latitude must be a number from -90 to 90"), ("0", "inf", "Longitude must be a number from -180 to 180"),
                ("", "1", "coordinates are missing"),
            ] {
                let refused = try await web.post("/settings/location", [("latitude", latitude), ("longitude", longitude)])
                #expect(refused.status == .unprocessableContent && text(refused.body).contains(message), "\(message)")
            }
            #expect(try await dependencies.repository.users().first?.location?.name == "Berlin, Land Berlin, Germany")

            #expect(try await web.post("/settings/location/clear", []).headers[.location] == "/settings/location?cleared=1")
            #expect(try await dependencies.repository.users().first?.location == nil)
        }
    }
}
