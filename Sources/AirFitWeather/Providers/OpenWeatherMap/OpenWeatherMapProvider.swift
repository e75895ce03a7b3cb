public import Foundation
public import Logging

/// OpenWeatherMap's free API (`/data/2.5/weather`, `/data/2.5/forecast`), with the person's key from the vault.
///
/// The forecast comes in 3-hour steps for five days; days are built from the steps at the location's local
/// time, and each step is reported as one "hourly" entry.
public struct OpenWeatherMapProvider: WeatherProvider {
    public var id: WeatherProviderID { .openWeatherMap }
    private let requester: ProviderRequester
    private let keys: WeatherAPIKeySource

    /// Creates the provider.
    /// - Parameters:
    ///   - keys: where the key (vault id "openweathermap") is read at each request.
    ///   - baseURL: scheme, host and optional path prefix; tests point it at a local fake.
    public init(
        keys: WeatherAPIKeySource, baseURL: URL = WeatherProviderID.openWeatherMap.defaultBaseURL, http: any WeatherHTTPClient,
        timeout: Duration = .seconds(30), logger: Logger = Logger(label: "airfit.weather.openweathermap")
    ) {
        self.keys = keys
        requester = ProviderRequester(provider: .openWeatherMap, baseURL: baseURL, http: http, timeout: timeout, logger: logger)
    }

    public func current(lat: Double, lon: Double, units: WeatherUnits) async throws -> WeatherData {
        let response = try await fetch(OpenWeatherMapResponse.Current.self, path: "/data/2.5/weather", lat: lat, lon: lon, units: units)
        let place = [response.name, response.sys?.country].compactMap { $0?.isEmpty == false ? $0 : nil }
        let weather = response.weather.first
        return WeatherData(
            location: WeatherLocation(latitude: lat, longitude: lon, name: place.isEmpty ? nil : place.joined(separator: ", ")),
            temperature: response.main.temp, feelsLike: response.main.feelsLike ?? response.main.temp,
            humidity: response.main.humidity?.percentage ?? 0, windSpeed: Self.windSpeed(response.wind?.speed ?? 0, units: units),
            condition: weather.map { WeatherCondition(openWeatherMapID: $0.id) } ?? .unknown,
            summary: weather?.description, observedAt: Date(timeIntervalSince1970: TimeInterval(response.dt)),
            utcOffsetSeconds: response.timezone ?? 0, units: units, provider: .openWeatherMap)
    }

    public func forecast(lat: Double, lon: Double, days: Int, units: WeatherUnits) async throws -> WeatherForecast {
        let response = try await fetch(OpenWeatherMapResponse.Forecast.self, path: "/data/2.5/forecast", lat: lat, lon: lon, units: units)
        let offset = response.city?.timezone ?? 0
        let place = [response.city?.name, response.city?.country].compactMap { $0?.isEmpty == false ? $0 : nil }
        let entries = response.list.sorted { $0.dt < $1.dt }
        let hourly = entries.map { entry in
            WeatherForecast.Hour(
                time: Date(timeIntervalSince1970: TimeInterval(entry.dt)), temperature: entry.main.temp,
                condition: Self.condition(entry), precipitationProbability: entry.pop.flatMap { ($0 * 100).percentage })
        }
        let forecast = WeatherForecast(
            location: WeatherLocation(latitude: lat, longitude: lon, name: place.isEmpty ? nil : place.joined(separator: ", ")),
            days: Self.days(entries, offset: offset), hourly: hourly, utcOffsetSeconds: offset, units: units, provider: .openWeatherMap)
        return forecast.limited(toDays: max(1, days))
    }

    /// Groups steps by local day: highest max, lowest min, most severe condition, highest chance of precipitation.
    static func days(_ entries: [OpenWeatherMapResponse.Entry], offset: Int) -> [WeatherForecast.Day] {
        let byDate = Dictionary(grouping: entries) { LocalDate(Date(timeIntervalSince1970: TimeInterval($0.dt)), utcOffsetSeconds: offset) }
        return byDate.keys.sorted().compactMap { date in
            guard let steps = byDate[date], let high = steps.map({ $0.main.tempMax ?? $0.main.temp }).max(),
                let low = steps.map({ $0.main.tempMin ?? $0.main.temp }).min()
            else { return nil }
            let condition = steps.map(condition).max { $0.severity < $1.severity } ?? .unknown
            let probability = steps.compactMap(\.pop).max().flatMap { ($0 * 100).percentage }
            return WeatherForecast.Day(date: date, high: high, low: low, condition: condition, precipitationProbability: probability)
        }
    }

    private static func condition(_ entry: OpenWeatherMapResponse.Entry) -> WeatherCondition {
        entry.weather.first.map { WeatherCondition(openWeatherMapID: $0.id) } ?? .unknown
    }

    /// OpenWeatherMap gives m/s for metric; AirFit shows km/h.
    private static func windSpeed(_ value: Double, units: WeatherUnits) -> Double {
        units == .metric ? value * WeatherUnits.kilometersPerHourPerMeterPerSecond : value
    }

    private func fetch<T: Decodable>(_ type: T.Type, path: String, lat: Double, lon: Double, units: WeatherUnits) async throws -> T {
        let key = try await keys.key(for: .openWeatherMap)
        let query = [
            ("lat", ProviderRequester.coordinate(lat)), ("lon", ProviderRequester.coordinate(lon)),
            ("units", units == .imperial ? "imperial" : "metric"), ("appid", key),
        ]
        return try await requester.get(type, path: path, query: query, secrets: [key]) { _, body in
            .init(message: (try? JSONDecoder().decode(OpenWeatherMapResponse.ErrorBody.self, from: body))?.message)
        }
    }
}
