import AirFitCore
import AirFitTestSupport
import AirFitWeather
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

/// An app whose place search asks a fake geocoding server on 127.0.0.1, over stores the test can read.
struct LocationInstallation {
    let repository = InMemoryStore()
    let vault = InMemorySecretVault()
    let geocoder: FakeProviderServer?

    /// The app; without a fake server it has no place search.
    func app() -> some ApplicationProtocol {
        let places = geocoder.map { OpenMeteoGeocoder(baseURL: URL(string: $0.root)!, http: AsyncHTTPWeatherClient()) }
        return Application(
            router: buildRouter(
                ServerDependencies(health: StubHealth(), repository: repository, vault: vault, passwordCost: 4, places: places)))
    }

    /// The signed-up person as stored now.
    func user() async throws -> User { try #require(try await repository.users().first) }

    /// Open-Meteo's answer for "Berlin" (full precision) and one more place, as JSON.
    static let berlinAnswer = """
        {"results":[{"id":2950159,"name":"Berlin","latitude":52.52437,"longitude":13.41053,"admin1":"Land Berlin","country":"Germany"},
        {"id":5083330,"name":"Berlin","latitude":44.46867,"longitude":-71.18508,"admin1":"New Hampshire","country":"United States"}],
        "generationtime_ms":0.5}
        """

    /// Answers every search with `body` (status `status`).
    static func answering(_ server: FakeProviderServer, _ body: String, status: Int = 200) {
        server.script("/v1/search", [.init(status: status, chunks: [body], contentType: "application/json")])
    }
}

@Suite("Settings → Location & weather")
struct LocationRouteTests {
    @Test("The hub links the page with the saved place; the page says what the place is for and that coordinates never reach the AI")
    func hubAndPurpose() async throws {
        let installation = LocationInstallation(geocoder: nil)
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let hub = text(try await web.get("/settings").body)
            #expect(
                hub.contains(
                    #"href="/settings/location" data-testid="settings.location">Location &amp; weather<span class="value">Not set</span>"#))
            let page = text(try await web.get("/settings/location").body)
            #expect(page.contains("<h1>Location &amp; weather</h1>"))
            #expect(page.contains(#"data-testid="location.none">No place is saved, so your coach has no weather."#))
            #expect(page.contains("Your AI provider is never sent the coordinates, only the place's name and its weather"))
            #expect(!page.contains(#"data-testid="location.clear""#), "nothing to clear")
            // "Use my location" is for scripts to show: without JavaScript it stays hidden.
            #expect(page.contains(#"data-testid="location.useMine" hidden"#))
        }
    }

    @Test("A search shows name, area and country of each place, rounded; only picking one saves it, at about a kilometre")
    func searchAndPick() async throws {
        try await withProviderServer { server in
            LocationInstallation.answering(server, LocationInstallation.berlinAnswer)
            let installation = LocationInstallation(geocoder: server)
            try await installation.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                let page = text(try await web.get("/settings/location?q=Berlin+Mitte").body)
                let request = try #require(server.requests.last)
                #expect(request.path == "/v1/search")
                #expect(request.query.contains("name=Berlin%20Mitte") && request.query.contains("count=5"))
                #expect(request.query.contains("language=en") && request.query.contains("format=json"))
                #expect(page.components(separatedBy: #"data-testid="location.result""#).count == 3)
                #expect(page.contains("<strong>Berlin</strong> <span class=\"hint\">Land Berlin, Germany · 52.52, 13.41</span>"))
                #expect(page.contains("New Hampshire, United States · 44.47, -71.19"))
                #expect(page.contains(#"data-testid="location.save" aria-label="Save Berlin, Land Berlin, Germany""#))
                #expect(page.contains(#"value="Berlin Mitte""#), "the query stays in the field")
                #expect(!page.contains("52.52437") && !page.contains("13.41053"), "full precision never reaches the page")
                // A GET changes nothing.
                #expect(try await installation.user().location == nil)
                let saved = try await web.post(
                    "/settings/location", [("latitude", "52.52"), ("longitude", "13.41"), ("name", "Berlin, Land Berlin, Germany")])
                #expect(saved.status == .seeOther && saved.headers[.location] == "/settings/location?saved=1")
                #expect(
                    try await installation.user().location
                        == SavedLocation(latitude: 52.52, longitude: 13.41, name: "Berlin, Land Berlin, Germany"))
                let after = text(try await web.get("/settings/location?saved=1").body)
                #expect(after.contains("Saved. Your coach&#39;s weather is for this place now."))
                #expect(after.contains(#"data-testid="location.saved">Berlin, Land Berlin, Germany (52.52, 13.41)<"#))
                #expect(text(try await web.get("/settings").body).contains(#"<span class="value">Berlin, Land Berlin, Germany</span>"#))
            }
        }
    }

    @Test("Coordinates posted with more precision are stored to two decimals, west and south included; clear forgets them")
    func roundedAndCleared() async throws {
        let installation = LocationInstallation(geocoder: nil)
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/location")
            try await web.post("/settings/location", [("latitude", " -33.867851 "), ("longitude", "-151.207323"), ("name", "")])
            #expect(try await installation.user().location == SavedLocation(latitude: -33.87, longitude: -151.21, name: nil))
            let page = text(try await web.get("/settings/location").body)
            #expect(page.contains(#"data-testid="location.saved">-33.87, -151.21<"#))
            #expect(text(try await web.get("/settings").body).contains(#"<span class="value">-33.87, -151.21</span>"#))
            let cleared = try await web.post("/settings/location/clear", [])
            #expect(cleared.headers[.location] == "/settings/location?cleared=1")
            #expect(try await installation.user().location == nil)
            #expect(text(try await web.get("/settings/location?cleared=1").body).contains("The saved place is gone"))
        }
    }

    @Test(
        "Numbers that are not coordinates are refused with the field named, what was typed comes back, nothing is saved",
        arguments: [
            ("95", "0", "Latitude must be a number from -90 to 90"), ("nan", "0", "Latitude must be a number from -90 to 90"),
            ("1e400", "0", "Latitude must be a number from -90 to 90"), ("52,52", "13.41", "Latitude must be a number from -90 to 90"),
            ("", "13.41", "Latitude must be a number from -90 to 90"), ("52.52", "-180.5", "Longitude must be a number from -180 to 180"),
            ("52.52", "inf", "Longitude must be a number from -180 to 180"),
            ("52.52", "13.41 E", "Longitude must be a number from -180 to 180"),
        ])
    func refused(lat: String, lon: String, message: String) async throws {
        let installation = LocationInstallation(geocoder: nil)
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/location")
            try await web.post("/settings/location", [("latitude", "10"), ("longitude", "20"), ("name", "Before")])
            let refused = try await web.post("/settings/location", [("latitude", lat), ("longitude", lon), ("name", "Somewhere")])
            #expect(refused.status == .unprocessableContent)
            let page = text(refused.body)
            #expect(page.contains(message))
            #expect(page.contains(#"value="\#(lat)""#) && page.contains(#"value="\#(lon)""#) && page.contains(#"value="Somewhere""#))
            #expect(page.contains(#"aria-invalid="true""#))
            #expect(try await installation.user().location == SavedLocation(latitude: 10, longitude: 20, name: "Before"))
        }
    }

    @Test("An empty search, a search that finds nothing and a geocoder that fails each say so, keeping the query")
    func searchProblems() async throws {
        try await withProviderServer { server in
            let installation = LocationInstallation(geocoder: server)
            try await installation.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                let empty = try await web.get("/settings/location?q=+++")
                #expect(empty.status == .unprocessableContent)
                #expect(text(empty.body).contains("Type a place name, like Berlin or Portland, Oregon."))
                #expect(server.requests.isEmpty, "an empty name is not sent")
                LocationInstallation.answering(server, #"{"generationtime_ms":0.2}"#)
                let none = text(try await web.get("/settings/location?q=Atlantis").body)
                #expect(none.contains(#"data-testid="location.noResults">No place called “Atlantis” was found."#))
                #expect(!none.contains("Places found"), "no empty list")
                LocationInstallation.answering(server, "upstream broke", status: 500)
                let failed = try await web.get("/settings/location?q=Berlin")
                #expect(failed.status == .badGateway)
                #expect(text(failed.body).contains("Place search is not available right now (HTTP 500). Try again, or give coordinates."))
                #expect(text(failed.body).contains(#"value="Berlin""#))
                #expect(try await installation.user().location == nil)
            }
        }
    }

    @Test("Without place search on the server the page says so and still takes coordinates")
    func noPlaceSearch() async throws {
        try await LocationInstallation(geocoder: nil).app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let page = text(try await web.get("/settings/location?q=Berlin").body)
            #expect(page.contains("Place search is not available on this server: enter coordinates instead."))
            #expect(page.contains(#"data-testid="location.saveCoordinates""#))
        }
    }

    @Test("A save without the form's CSRF token is refused and changes nothing")
    func csrf() async throws {
        let installation = LocationInstallation(geocoder: nil)
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let refused = try await web.post("/settings/location", [("latitude", "1"), ("longitude", "2")], withCSRF: false)
            #expect(refused.status == .forbidden)
            #expect(try await installation.user().location == nil)
        }
    }

    @Test("Weather keys are stored under the ids the weather providers read, shown masked, removable; a bad key is refused unechoed")
    func weatherKeys() async throws {
        let installation = LocationInstallation(geocoder: nil)
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let page = text(try await web.get("/settings/location").body)
            #expect(page.contains("Your coach's weather comes from <strong>Open-Meteo</strong>"))
            #expect(
                page.contains(#"data-testid="weatherKey.openweathermap.input""#)
                    && page.contains(#"data-testid="weatherKey.weatherapi.input""#))
            let userID = try await installation.user().id
            let bad = try await web.post("/settings/location/keys/openweathermap", [("key", "abcd efgh ijkl")])
            #expect(bad.status == .unprocessableContent)
            #expect(text(bad.body).contains("An API key has no spaces: paste only the OpenWeatherMap key."))
            #expect(!text(bad.body).contains("abcd efgh"))
            #expect(try await installation.vault.secret(provider: "openweathermap", userID: userID) == nil)
            let key = "0123456789abcdef0123456789abWXYZ"
            let added = try await web.post("/settings/location/keys/openweathermap", [("key", " \(key) ")])
            #expect(added.headers[.location] == "/settings/location?added=openweathermap")
            #expect(
                try await installation.vault.secret(provider: try #require(WeatherProviderID.openWeatherMap.secretProvider), userID: userID)
                    == key)
            let shown = text(try await web.get("/settings/location?added=openweathermap").body)
            #expect(shown.contains("Saved the OpenWeatherMap key."))
            #expect(shown.contains(#"data-testid="weatherKey.openweathermap.masked">…WXYZ</span>"#))
            #expect(!shown.contains(key) && !shown.contains("0123456789"))
            #expect(!shown.contains(#"data-testid="weatherKey.openweathermap.input""#))
            // The AI provider page still lists only AI keys.
            #expect(!text(try await web.get("/settings/provider").body).contains("WXYZ"))
            let removed = try await web.post("/settings/location/keys/openweathermap/remove", [])
            #expect(removed.headers[.location] == "/settings/location?removed=openweathermap")
            #expect(try await installation.vault.secret(provider: "openweathermap", userID: userID) == nil)
            #expect(try await web.post("/settings/location/keys/open-meteo", [("key", key)]).status == .notFound)
            #expect(try await web.post("/settings/location/keys/openai", [("key", key)]).status == .notFound)
        }
    }

    @Test("Every weather key error points to this page by its real title, and to the command that stores the key")
    func adviceNamesThisPage() throws {
        for provider in [WeatherProviderID.openWeatherMap, .weatherAPI] {
            for error in [WeatherError.missingAPIKey(provider), .keyUnreadable(provider), .invalidAPIKey(provider)] {
                let advice = try #require(error.recoverySuggestion)
                #expect(advice.contains("Settings → \(LocationController.title)"), "\(error)")
                #expect(advice.contains("`airfit keys set \(try #require(provider.secretProvider))`"), "\(error)")
            }
        }
        #expect(LocationController.path == "/settings/location")
    }
}
