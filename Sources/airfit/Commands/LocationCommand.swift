import AirFitCore
import AirFitStore
import AirFitWeather
import ArgumentParser
import AsyncHTTPClient
import Foundation

/// `airfit location`: the place the coach's weather is for.
struct LocationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: "Set, show or clear the place your coach's weather is for.",
        subcommands: [Set.self, Show.self, Clear.self])

    /// `airfit location set`.
    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Save a place: by name (looked up with Open-Meteo's geocoding, no key) or by coordinates.",
            discussion: "Coordinates are kept to two decimals (about 1 km). Examples: airfit location set Berlin; "
                + "airfit location set Portland --pick 2; airfit location set --lat 40.71 --lon -74.01 --name \"New York\"")

        @Argument(help: "The place's name.")
        var place: [String] = []

        @Option(help: "Which of the places found to save (1 to 5; default 1).")
        var pick: Int = 1

        @Option(parsing: .unconditional, help: "Latitude in degrees (-90 to 90), instead of a name.")
        var lat: Double?

        @Option(parsing: .unconditional, help: "Longitude in degrees (-180 to 180), instead of a name.")
        var lon: Double?

        @Option(help: "A name for coordinates given with --lat and --lon.")
        var name: String?

        func validate() throws {
            if (lat == nil) != (lon == nil) { throw ValidationError("Give both --lat and --lon, or a place name.") }
            if lat != nil, !place.isEmpty { throw ValidationError("Give a place name or coordinates, not both.") }
            if lat == nil, place.isEmpty { throw ValidationError("Give a place name (airfit location set Berlin) or --lat and --lon.") }
            guard (1...OpenMeteoGeocoder.maximumResults).contains(pick) else {
                throw ValidationError("--pick must be from 1 to \(OpenMeteoGeocoder.maximumResults).")
            }
        }

        @OptionGroup var person: PersonOptions

        func run() async throws {
            let location: SavedLocation
            do {
                if let lat, let lon {
                    location = try LocationRule.location(latitude: lat, longitude: lon, name: name)
                } else {
                    location = try await Self.lookUp(place.joined(separator: " "), pick: pick)
                }
            } catch let problem as LocationRule.Problem {
                throw CLI.fail(CLIError(problem.message))
            } catch {
                throw CLI.fail(error)
            }
            try await CLI.withStore(logger: CLI.logger()) { context in
                let owner = try await person.person(in: context)
                var edited = owner
                edited.location = location
                try await context.store.updateUser(edited, from: owner)
            }
            print("Saved \(LocationRule.describe(location)). Your coach's weather is for this place now.")
        }

        /// The `pick`-th place called `name`, printing the others found.
        private static func lookUp(_ name: String, pick: Int) async throws -> SavedLocation {
            // Read before the client exists: a client must be shut down before it goes away.
            let baseURL = try OpenMeteoGeocoder.baseURL()
            let client = AsyncHTTPWeatherClient.makeFailFastClient()
            let geocoder = OpenMeteoGeocoder(
                baseURL: baseURL,
                http: AsyncHTTPWeatherClient(client: client, logger: CLI.logger(label: "airfit.weather")))
            let found: [FoundPlace]
            do {
                found = try await geocoder.search(name)
            } catch {
                try? await client.shutdown()
                throw error
            }
            try await client.shutdown()
            guard !found.isEmpty else {
                throw CLIError("No place called \"\(name)\" was found. Check the spelling, or give --lat and --lon.")
            }
            guard found.indices.contains(pick - 1) else {
                throw CLIError("Only \(found.count) place\(found.count == 1 ? " was" : "s were") found; choose --pick 1 to \(found.count).")
            }
            if found.count > 1 {
                for (index, place) in found.enumerated() { print("\(index + 1 == pick ? "*" : " ") \(index + 1). \(place.label)") }
            }
            let place = found[pick - 1]
            return try LocationRule.location(latitude: place.latitude, longitude: place.longitude, name: place.label)
        }
    }

    /// `airfit location show`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the saved place.")

        @OptionGroup var person: PersonOptions

        func run() async throws {
            try await CLI.withStore(logger: CLI.logger()) { context in
                guard let location = try await person.existingPerson(in: context)?.location else {
                    print("No place is saved. Save one with: airfit location set <place>")
                    return
                }
                print(LocationRule.describe(location))
            }
        }
    }

    /// `airfit location clear`.
    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget the saved place (the coach then has no weather).")

        @OptionGroup var person: PersonOptions

        func run() async throws {
            try await CLI.withStore(logger: CLI.logger()) { context in
                guard let owner = try await person.existingPerson(in: context), owner.location != nil else {
                    print("No place was saved.")
                    return
                }
                var edited = owner
                edited.location = nil
                try await context.store.updateUser(edited, from: owner)
                print("The saved place is gone; your coach has no weather until you set one.")
            }
        }
    }
}
