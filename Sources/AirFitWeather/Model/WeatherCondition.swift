/// What the sky is doing, normalized across providers.
///
/// Cases are declared from mildest to most severe (``unknown`` last, ranked below all); ``severity`` relies on it.
public enum WeatherCondition: String, Codable, CaseIterable, Sendable, Hashable {
    case clear
    case mostlyClear
    case partlyCloudy
    case cloudy
    case haze
    case fog
    case windy
    case drizzle
    case freezingDrizzle
    case rain
    case heavyRain
    case freezingRain
    case sleet
    case snow
    case heavySnow
    case hail
    case thunderstorm
    case tornado
    case unknown

    /// The label a person reads: "Partly cloudy".
    public var displayName: String {
        switch self {
        case .clear: "Clear"
        case .mostlyClear: "Mostly clear"
        case .partlyCloudy: "Partly cloudy"
        case .cloudy: "Cloudy"
        case .haze: "Haze"
        case .fog: "Fog"
        case .windy: "Windy"
        case .drizzle: "Drizzle"
        case .freezingDrizzle: "Freezing drizzle"
        case .rain: "Rain"
        case .heavyRain: "Heavy rain"
        case .freezingRain: "Freezing rain"
        case .sleet: "Sleet"
        case .snow: "Snow"
        case .heavySnow: "Heavy snow"
        case .hail: "Hail"
        case .thunderstorm: "Thunderstorm"
        case .tornado: "Tornado"
        case .unknown: "Unknown"
        }
    }

    /// An SF Symbols name for the condition, for pages that draw icons.
    public var iconName: String {
        switch self {
        case .clear: "sun.max"
        case .mostlyClear: "sun.min"
        case .partlyCloudy: "cloud.sun"
        case .cloudy: "cloud"
        case .haze: "sun.haze"
        case .fog: "cloud.fog"
        case .windy: "wind"
        case .drizzle: "cloud.drizzle"
        case .freezingDrizzle: "cloud.sleet"
        case .rain: "cloud.rain"
        case .heavyRain: "cloud.heavyrain"
        case .freezingRain: "cloud.sleet"
        case .sleet: "cloud.sleet"
        case .snow: "cloud.snow"
        case .heavySnow: "snowflake"
        case .hail: "cloud.hail"
        case .thunderstorm: "cloud.bolt.rain"
        case .tornado: "tornado"
        case .unknown: "questionmark"
        }
    }

    /// Whether something falls from the sky: useful for "move the run indoors" advice.
    public var isPrecipitation: Bool {
        switch self {
        case .drizzle, .freezingDrizzle, .rain, .heavyRain, .freezingRain, .sleet, .snow, .heavySnow, .hail, .thunderstorm:
            true
        case .clear, .mostlyClear, .partlyCloudy, .cloudy, .haze, .fog, .windy, .tornado, .unknown:
            false
        }
    }

    /// How much the condition matters outdoors; a day's summary uses its most severe hour.
    public var severity: Int {
        Self.allCases.firstIndex(of: self).map { self == .unknown ? -1 : $0 } ?? -1
    }
}
