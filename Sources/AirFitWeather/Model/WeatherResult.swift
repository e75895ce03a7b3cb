public import Foundation

/// Weather data as the service hands it out: the value plus how fresh it is.
public struct WeatherResult<Value: Sendable>: Sendable {
    /// The data.
    public var value: Value
    /// When the data was fetched from the provider.
    public var fetchedAt: Date
    /// Time since ``fetchedAt``, in seconds.
    public var age: TimeInterval
    /// True when the provider failed and this is an older copy kept from an earlier fetch.
    public var isStale: Bool
    /// Why fresh data could not be had, when ``isStale`` is true.
    public var refreshError: WeatherError?

    /// Creates a result.
    public init(value: Value, fetchedAt: Date, age: TimeInterval, isStale: Bool, refreshError: WeatherError? = nil) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.age = age
        self.isStale = isStale
        self.refreshError = refreshError
    }
}

extension WeatherResult: Equatable where Value: Equatable {}
