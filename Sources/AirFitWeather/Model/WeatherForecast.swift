public import Foundation

/// Daily and hourly forecast for a place, in the units it was requested in.
public struct WeatherForecast: Codable, Sendable, Hashable {
    /// One day at the location.
    public struct Day: Codable, Sendable, Hashable {
        /// The local calendar day.
        public var date: LocalDate
        /// Highest temperature in the forecast's units.
        public var high: Double
        /// Lowest temperature in the forecast's units.
        public var low: Double
        /// The day's most significant condition.
        public var condition: WeatherCondition
        /// Chance of precipitation, 0–100 %; nil when the provider gives none.
        public var precipitationProbability: Int?

        /// Creates a day.
        public init(date: LocalDate, high: Double, low: Double, condition: WeatherCondition, precipitationProbability: Int?) {
            self.date = date
            self.high = high
            self.low = low
            self.condition = condition
            self.precipitationProbability = precipitationProbability
        }
    }

    /// One forecast step (an hour; three hours for OpenWeatherMap).
    public struct Hour: Codable, Sendable, Hashable {
        /// When the step starts.
        public var time: Date
        /// Temperature in the forecast's units.
        public var temperature: Double
        /// The condition during the step.
        public var condition: WeatherCondition
        /// Chance of precipitation, 0–100 %; nil when the provider gives none.
        public var precipitationProbability: Int?

        /// Creates a step.
        public init(time: Date, temperature: Double, condition: WeatherCondition, precipitationProbability: Int?) {
            self.time = time
            self.temperature = temperature
            self.condition = condition
            self.precipitationProbability = precipitationProbability
        }
    }

    /// Where the forecast is for.
    public var location: WeatherLocation
    /// Days in order, starting today at the location.
    public var days: [Day]
    /// Steps in time order.
    public var hourly: [Hour]
    /// The place's offset from UTC, for showing times in local time.
    public var utcOffsetSeconds: Int
    /// The units of every value.
    public var units: WeatherUnits
    /// Which provider the data came from.
    public var provider: WeatherProviderID
    /// The credit to show wherever this data is displayed.
    public var attribution: WeatherAttribution

    /// Creates a forecast.
    public init(
        location: WeatherLocation, days: [Day], hourly: [Hour], utcOffsetSeconds: Int = 0, units: WeatherUnits,
        provider: WeatherProviderID, attribution: WeatherAttribution? = nil
    ) {
        self.location = location
        self.days = days
        self.hourly = hourly
        self.utcOffsetSeconds = utcOffsetSeconds
        self.units = units
        self.provider = provider
        self.attribution = attribution ?? provider.attribution
    }

    /// The steps from the one under way at `now` onwards, at most `limit` of them.
    public func upcomingHours(from now: Date, limit: Int) -> [Hour] {
        let startIndex = hourly.lastIndex { $0.time <= now } ?? hourly.startIndex
        return Array(hourly[startIndex...].prefix(max(0, limit)))
    }

    /// The same forecast keeping only the first `count` days and the steps that fall on them.
    public func limited(toDays count: Int) -> WeatherForecast {
        guard days.count > count else { return self }
        var copy = self
        copy.days = Array(days.prefix(max(0, count)))
        let kept = Set(copy.days.map(\.date))
        copy.hourly = hourly.filter { kept.contains(LocalDate($0.time, utcOffsetSeconds: utcOffsetSeconds)) }
        return copy
    }
}
