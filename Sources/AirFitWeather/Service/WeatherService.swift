public import Foundation
public import Logging

/// Weather for the app and the coach: validation, a 10-minute cache, and stale data when the provider fails.
///
/// Coordinates are rounded to two decimals (about 1 km) both for the cache key and for the request, so nearby
/// asks share one fetch and the provider never sees a more precise location than it needs. Concurrent asks for
/// the same thing share one request.
public actor WeatherService {
    /// How long fetched data counts as fresh: 10 minutes.
    public static let defaultTimeToLive: TimeInterval = 600
    /// The longest forecast the service accepts.
    public static let forecastDayRange = 1...16

    /// The provider behind this service.
    public nonisolated let providerID: WeatherProviderID
    private let provider: any WeatherProvider
    private let now: @Sendable () -> Date
    private let logger: Logger
    private var cache: WeatherCache
    private var inFlight: [FetchKey: Task<CachedWeather, any Error>] = [:]

    private struct FetchKey: Hashable {
        let key: WeatherCacheKey
        let days: Int
    }

    /// Creates a service.
    /// - Parameters:
    ///   - provider: where data comes from.
    ///   - timeToLive: seconds a fetch stays fresh.
    ///   - capacity: the most cached entries kept (the oldest go first).
    ///   - now: the clock; tests pass one they control.
    public init(
        provider: any WeatherProvider, timeToLive: TimeInterval = defaultTimeToLive, capacity: Int = 512,
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "airfit.weather")
    ) {
        self.provider = provider
        self.providerID = provider.id
        self.now = now
        self.logger = logger
        self.cache = WeatherCache(timeToLive: timeToLive, capacity: capacity)
    }

    /// Current conditions, from the cache when fresh.
    /// - Returns: the data, marked stale (with its age and the refresh error) when the provider failed and an older copy was used.
    /// - Throws: ``WeatherError`` when the request is invalid, or the provider failed and nothing is cached.
    public func current(lat: Double, lon: Double, units: WeatherUnits) async throws -> WeatherResult<WeatherData> {
        try Self.validate(lat: lat, lon: lon)
        let key = WeatherCacheKey(lat: lat, lon: lon, units: units, kind: .current, provider: providerID)
        let (entry, isStale, error) = try await load(key, days: 0, isSufficient: { _ in true }) { provider, lat, lon in
            .current(try await provider.current(lat: lat, lon: lon, units: units))
        }
        guard case .current(let data) = entry.value else { throw WeatherError.invalidResponse(providerID, detail: "cache mix-up") }
        return result(data, entry, isStale: isStale, error: error)
    }

    /// A forecast of `days` days (1–16; providers with shorter forecasts return fewer), from the cache when fresh.
    /// - Returns: the data, marked stale (with its age and the refresh error) when the provider failed and an older copy was used.
    /// - Throws: ``WeatherError`` when the request is invalid, or the provider failed and nothing is cached.
    public func forecast(lat: Double, lon: Double, days: Int, units: WeatherUnits) async throws -> WeatherResult<WeatherForecast> {
        try Self.validate(lat: lat, lon: lon)
        guard Self.forecastDayRange.contains(days) else { throw WeatherError.invalidDays(days) }
        let key = WeatherCacheKey(lat: lat, lon: lon, units: units, kind: .forecast, provider: providerID)
        let sufficient: @Sendable (CachedWeather) -> Bool = { value in
            if case .forecast(_, let requested) = value { return requested >= days }
            return false
        }
        let (entry, isStale, error) = try await load(key, days: days, isSufficient: sufficient) { provider, lat, lon in
            .forecast(try await provider.forecast(lat: lat, lon: lon, days: days, units: units), requestedDays: days)
        }
        guard case .forecast(let forecast, _) = entry.value else {
            throw WeatherError.invalidResponse(providerID, detail: "cache mix-up")
        }
        return result(forecast.limited(toDays: days), entry, isStale: isStale, error: error)
    }

    /// Whatever is cached for a point, fresh or not, without asking the provider; nil when nothing is.
    public func cachedCurrent(lat: Double, lon: Double, units: WeatherUnits) -> WeatherResult<WeatherData>? {
        let key = WeatherCacheKey(lat: lat, lon: lon, units: units, kind: .current, provider: providerID)
        guard let entry = cache.entry(key), case .current(let data) = entry.value else { return nil }
        return result(data, entry, isStale: !cache.isFresh(entry, now: now()), error: nil)
    }

    /// Forgets every cached value.
    public func removeAll() { cache.removeAll() }

    /// Throws ``WeatherError/invalidCoordinates(latitude:longitude:)`` unless −90 ≤ lat ≤ 90 and −180 ≤ lon ≤ 180.
    public static func validate(lat: Double, lon: Double) throws {
        guard lat.isFinite, lon.isFinite, (-90...90).contains(lat), (-180...180).contains(lon) else {
            throw WeatherError.invalidCoordinates(latitude: lat, longitude: lon)
        }
    }

    private func load(
        _ key: WeatherCacheKey, days: Int, isSufficient: (CachedWeather) -> Bool,
        fetch: @escaping @Sendable (any WeatherProvider, Double, Double) async throws -> CachedWeather
    ) async throws -> (WeatherCache.Entry, isStale: Bool, error: WeatherError?) {
        if let entry = cache.entry(key), cache.isFresh(entry, now: now()), isSufficient(entry.value) {
            logger.trace("Weather cache hit", metadata: ["provider": "\(providerID.rawValue)", "kind": "\(key.kind)"])
            return (entry, false, nil)
        }
        let fetchKey = FetchKey(key: key, days: days)
        let task: Task<CachedWeather, any Error>
        if let running = inFlight[fetchKey] {
            task = running
        } else {
            let (provider, coordinates) = (self.provider, key.coordinates)
            task = Task { try await fetch(provider, coordinates.lat, coordinates.lon) }
            inFlight[fetchKey] = task
        }
        let outcome = await task.result
        let isFirstToFinish = inFlight[fetchKey] == task
        if isFirstToFinish { inFlight[fetchKey] = nil }
        switch outcome {
        case .success(let value):
            let stamp = now()
            if isFirstToFinish { cache.store(value, for: key, at: stamp) }
            return (WeatherCache.Entry(value: value, fetchedAt: stamp), false, nil)
        case .failure(let failure):
            if failure is CancellationError || Task.isCancelled { throw CancellationError() }
            let error = failure as? WeatherError ?? .unreachable(providerID, reason: URLRedactor.redact("\(failure)"))
            guard let entry = cache.entry(key) else { throw error }
            logger.notice(
                "Weather provider failed; serving cached data",
                metadata: [
                    "provider": "\(providerID.rawValue)", "kind": "\(key.kind)",
                    "age_s": "\(Int(now().timeIntervalSince(entry.fetchedAt)))", "error": "\(error.errorDescription ?? "")",
                ])
            return (entry, true, error)
        }
    }

    private func result<Value>(_ value: Value, _ entry: WeatherCache.Entry, isStale: Bool, error: WeatherError?) -> WeatherResult<Value> {
        WeatherResult(
            value: value, fetchedAt: entry.fetchedAt, age: max(0, now().timeIntervalSince(entry.fetchedAt)), isStale: isStale,
            refreshError: error)
    }
}
