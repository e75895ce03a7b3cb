public import AirFitCore
public import Foundation

/// Open-Meteo's keyless geocoding API (`/v1/search?name=…`): place names to coordinates.
public struct OpenMeteoGeocoder: PlaceSearching {
    /// The public service.
    public static let defaultBaseURL = URL(string: "https://geocoding-api.open-meteo.com")!
    /// The most places one search returns.
    public static let maximumResults = 5

    let baseURL: URL
    let http: any WeatherHTTPClient

    /// The environment variable that moves the geocoder (tests point it at a local fake server).
    public static let environmentVariable = "AIRFIT_GEOCODING_URL"

    /// The geocoder's address: `AIRFIT_GEOCODING_URL` when it is set, else Open-Meteo's.
    /// - Throws: ``PlaceSearchError/misconfigured(_:)`` when the variable is set to something that is not an http(s) URL.
    public static func baseURL(environment: [String: String] = ProcessInfo.processInfo.environment) throws(PlaceSearchError) -> URL {
        guard let text = environment[environmentVariable], !text.isEmpty else { return defaultBaseURL }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host?.isEmpty == false else {
            throw .misconfigured("\(environmentVariable) must be an http(s) URL such as http://127.0.0.1:8082.")
        }
        return url
    }

    /// A geocoder at `baseURL` (tests point it at a local fake).
    public init(baseURL: URL = Self.defaultBaseURL, http: any WeatherHTTPClient) {
        self.baseURL = baseURL
        self.http = http
    }

    /// The places called `name`, best match first (empty when none).
    /// - Throws: ``PlaceSearchError``.
    public func search(_ name: String) async throws -> [FoundPlace] {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw PlaceSearchError.invalidName("Type a place name, like Berlin or Portland, Oregon.") }
        guard trimmed.count <= 100 else { throw PlaceSearchError.invalidName("Keep the place name under 100 characters.") }
        var components = URLComponents(url: baseURL.appendingPathComponent("v1/search"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "name", value: trimmed), URLQueryItem(name: "count", value: String(Self.maximumResults)),
            URLQueryItem(name: "language", value: "en"), URLQueryItem(name: "format", value: "json"),
        ]
        guard let url = components?.url else { throw PlaceSearchError.invalidName("That place name cannot be searched.") }
        let response: WeatherHTTPResponse
        do {
            response = try await http.get(WeatherHTTPRequest(url: url, timeout: .seconds(10), maxBodyBytes: 512 * 1024))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw PlaceSearchError.unavailable("no answer from \(baseURL.host ?? "the geocoder")")
        }
        guard response.status == 200 else { throw PlaceSearchError.unavailable("HTTP \(response.status)") }
        struct Body: Decodable {
            struct Result: Decodable {
                var name: String
                var latitude: Double
                var longitude: Double
                var admin1: String?
                var country: String?
            }
            var results: [Result]?
        }
        guard let body = try? JSONDecoder().decode(Body.self, from: response.body) else {
            throw PlaceSearchError.unavailable("an answer that could not be read")
        }
        return (body.results ?? []).prefix(Self.maximumResults).compactMap { result in
            // Coordinates from outside are checked before use.
            guard result.latitude.isFinite, result.longitude.isFinite, (-90...90).contains(result.latitude),
                (-180...180).contains(result.longitude)
            else { return nil }
            return FoundPlace(
                name: result.name, area: result.admin1, country: result.country, latitude: result.latitude, longitude: result.longitude)
        }
    }
}
