public import Foundation

/// Current conditions at a place, in the units they were requested in.
public struct WeatherData: Codable, Sendable, Hashable {
    /// Where the observation is for.
    public var location: WeatherLocation
    /// Air temperature in ``units`` (°C or °F).
    public var temperature: Double
    /// Apparent ("feels like") temperature in ``units``.
    public var feelsLike: Double
    /// Relative humidity, 0–100 %.
    public var humidity: Int
    /// Wind speed in ``units`` (km/h or mph).
    public var windSpeed: Double
    /// The normalized condition.
    public var condition: WeatherCondition
    /// The provider's own wording ("light rain"), when it has one.
    public var summary: String?
    /// When the provider measured or modelled these values.
    public var observedAt: Date
    /// The place's offset from UTC, for showing times in local time.
    public var utcOffsetSeconds: Int
    /// The units of every value above.
    public var units: WeatherUnits
    /// Which provider the data came from.
    public var provider: WeatherProviderID
    /// The credit to show wherever this data is displayed.
    public var attribution: WeatherAttribution

    /// Creates current conditions.
    public init(
        location: WeatherLocation, temperature: Double, feelsLike: Double, humidity: Int, windSpeed: Double,
        condition: WeatherCondition, summary: String? = nil, observedAt: Date, utcOffsetSeconds: Int = 0,
        units: WeatherUnits, provider: WeatherProviderID, attribution: WeatherAttribution? = nil
    ) {
        self.location = location
        self.temperature = temperature
        self.feelsLike = feelsLike
        self.humidity = humidity
        self.windSpeed = windSpeed
        self.condition = condition
        self.summary = summary
        self.observedAt = observedAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.units = units
        self.provider = provider
        self.attribution = attribution ?? provider.attribution
    }
}
