import AirFitCore
import Foundation

/// What a cached entry is for: coordinates to two decimals (about 1 km), units, kind, provider.
struct WeatherCacheKey: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case current, forecast }

    /// Hundredths of a degree, so that 52.521 and 52.519 share an entry.
    let latitude: Int
    let longitude: Int
    let units: WeatherUnits
    let kind: Kind
    let provider: WeatherProviderID

    init(lat: Double, lon: Double, units: WeatherUnits, kind: Kind, provider: WeatherProviderID) {
        latitude = FiniteNumber.displayInt(lat * 100)
        longitude = FiniteNumber.displayInt(lon * 100)
        self.units = units
        self.kind = kind
        self.provider = provider
    }

    /// The rounded coordinates, which are also what the provider is asked for.
    var coordinates: (lat: Double, lon: Double) { (Double(latitude) / 100, Double(longitude) / 100) }
}

/// A cached value and when it was fetched.
enum CachedWeather: Sendable {
    case current(WeatherData)
    /// A forecast and how many days were asked for (fewer may have come back).
    case forecast(WeatherForecast, requestedDays: Int)
}

/// The TTL cache itself: plain values, no I/O, no clock of its own.
struct WeatherCache: Sendable {
    struct Entry: Sendable {
        var value: CachedWeather
        var fetchedAt: Date
    }

    let timeToLive: TimeInterval
    let capacity: Int
    private var entries: [WeatherCacheKey: Entry] = [:]

    init(timeToLive: TimeInterval, capacity: Int) {
        self.timeToLive = timeToLive
        self.capacity = max(1, capacity)
    }

    /// The entry for `key`, fresh or not.
    func entry(_ key: WeatherCacheKey) -> Entry? { entries[key] }

    /// Whether an entry fetched at `fetchedAt` is still fresh at `now`.
    func isFresh(_ entry: Entry, now: Date) -> Bool {
        let age = now.timeIntervalSince(entry.fetchedAt)
        return age >= 0 && age < timeToLive
    }

    /// Stores a value, evicting the oldest entries past capacity.
    mutating func store(_ value: CachedWeather, for key: WeatherCacheKey, at now: Date) {
        entries[key] = Entry(value: value, fetchedAt: now)
        while entries.count > capacity, let oldest = entries.min(by: { $0.value.fetchedAt < $1.value.fetchedAt })?.key {
            entries.removeValue(forKey: oldest)
        }
    }

    /// Forgets everything.
    mutating func removeAll() { entries.removeAll() }

    /// How many entries are held.
    var count: Int { entries.count }
}
