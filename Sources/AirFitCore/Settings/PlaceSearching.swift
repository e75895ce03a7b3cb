/// Finds places by name (the saved location's search); the weather module implements it over Open-Meteo.
public protocol PlaceSearching: Sendable {
    /// The places called `name`, best match first (empty when none).
    /// - Throws: ``PlaceSearchError``.
    func search(_ name: String) async throws -> [FoundPlace]
}
