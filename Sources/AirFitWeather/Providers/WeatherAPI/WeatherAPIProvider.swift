import AirFitCore
public import Foundation
public import Logging

/// WeatherAPI.com (`/v1/current.json`, `/v1/forecast.json`), with the person's key from the vault.
public struct WeatherAPIProvider: WeatherProvider {
    public var id: WeatherProviderID { .weatherAPI }
    private let requester: ProviderRequester
    private let keys: WeatherAPIKeySource

    /// Creates the provider.
    /// - Parameters:
    ///   - keys: where the key (vault id "weatherapi") is read at each request.
    ///   - baseURL: scheme, host and optional path prefix; tests point it at a local fake.
    public init(
        keys: WeatherAPIKeySource, baseURL: URL = WeatherProviderID.weatherAPI.defaultBaseURL, http: any WeatherHTTPClient,
        timeout: Duration = .seconds(30), logger: Logger = Logger(label: "airfit.weather.weatherapi")
    ) {
        self.keys = keys
        requester = ProviderRequester(provider: .weatherAPI, baseURL: baseURL, http: http, timeout: timeout, logger: logger)
    }

    public func current(lat: Double, lon: Double, units: WeatherUnits) async throws -> WeatherData {
        let response = try await fetch(path: "/v1/current.json", lat: lat, lon: lon, extra: [])
        guard let current = response.current else {
            throw WeatherError.invalidResponse(.weatherAPI, detail: "current is missing")
        }
        let imperial = units == .imperial
        let temperature = imperial ? current.tempF : current.tempC
        return WeatherData(
            location: Self.location(response.location, lat: lat, lon: lon), temperature: temperature,
            feelsLike: (imperial ? current.feelslikeF : current.feelslikeC) ?? temperature,
            humidity: current.humidity?.percentage ?? 0, windSpeed: (imperial ? current.windMph : current.windKph) ?? 0,
            condition: Self.condition(current.condition), summary: current.condition.text,
            observedAt: Date(timeIntervalSince1970: TimeInterval(current.lastUpdatedEpoch)),
            utcOffsetSeconds: Self.utcOffset(response.location), units: units, provider: .weatherAPI)
    }

    public func forecast(lat: Double, lon: Double, days: Int, units: WeatherUnits) async throws -> WeatherForecast {
        let count = min(max(days, 1), WeatherProviderID.weatherAPI.maximumForecastDays)
        let response = try await fetch(
            path: "/v1/forecast.json", lat: lat, lon: lon, extra: [("days", String(count)), ("alerts", "no")])
        guard let forecastDays = response.forecast?.forecastday else {
            throw WeatherError.invalidResponse(.weatherAPI, detail: "forecast is missing")
        }
        let imperial = units == .imperial
        let days = forecastDays.compactMap { entry -> WeatherForecast.Day? in
            guard let date = LocalDate(iso8601: entry.date) else { return nil }
            return WeatherForecast.Day(
                date: date, high: imperial ? entry.day.maxtempF : entry.day.maxtempC,
                low: imperial ? entry.day.mintempF : entry.day.mintempC, condition: Self.condition(entry.day.condition),
                precipitationProbability: Self.chance(entry.day.dailyChanceOfRain, entry.day.dailyChanceOfSnow))
        }
        let hourly = forecastDays.flatMap { $0.hour ?? [] }.sorted { $0.timeEpoch < $1.timeEpoch }.map { hour in
            WeatherForecast.Hour(
                time: Date(timeIntervalSince1970: TimeInterval(hour.timeEpoch)), temperature: imperial ? hour.tempF : hour.tempC,
                condition: Self.condition(hour.condition), precipitationProbability: Self.chance(hour.chanceOfRain, hour.chanceOfSnow))
        }
        let forecast = WeatherForecast(
            location: Self.location(response.location, lat: lat, lon: lon), days: days, hourly: hourly,
            utcOffsetSeconds: Self.utcOffset(response.location), units: units, provider: .weatherAPI)
        return forecast.limited(toDays: count)
    }

    private func fetch(path: String, lat: Double, lon: Double, extra: [(String, String)]) async throws -> WeatherAPIResponse {
        let key = try await keys.key(for: .weatherAPI)
        let coordinates = "\(ProviderRequester.coordinate(lat)),\(ProviderRequester.coordinate(lon))"
        let query = [("key", key), ("q", coordinates)] + extra + [("aqi", "no")]
        return try await requester.get(WeatherAPIResponse.self, path: path, query: query, secrets: [key]) { _, body in
            let detail = (try? JSONDecoder().decode(WeatherAPIResponse.ErrorBody.self, from: body))?.error
            return .init(error: detail?.code.flatMap(Self.error(forCode:)), message: detail?.message)
        }
    }

    /// WeatherAPI.com's documented error codes that say more than the HTTP status.
    static func error(forCode code: Int) -> WeatherError? {
        switch code {
        case 1002, 2006, 2008: .invalidAPIKey(.weatherAPI)
        case 2007: .rateLimited(.weatherAPI, retryAfterSeconds: nil)
        default: nil
        }
    }

    private static func location(_ location: WeatherAPIResponse.Location, lat: Double, lon: Double) -> WeatherLocation {
        let parts = [location.name, location.country].compactMap { $0?.isEmpty == false ? $0 : nil }
        return WeatherLocation(latitude: lat, longitude: lon, name: parts.isEmpty ? nil : parts.joined(separator: ", "))
    }

    private static func condition(_ condition: WeatherAPIResponse.Condition) -> WeatherCondition {
        condition.code.map(WeatherCondition.init(weatherAPICode:)) ?? .unknown
    }

    /// Rain or snow, whichever is likelier.
    private static func chance(_ rain: LenientNumber?, _ snow: LenientNumber?) -> Int? {
        [rain?.value, snow?.value].compactMap { $0 }.max().flatMap(\.percentage)
    }

    /// The offset is not sent directly: local wall-clock time minus the Unix time, rounded to a quarter hour.
    static func utcOffset(_ location: WeatherAPIResponse.Location) -> Int {
        guard let epoch = location.localtimeEpoch, let text = location.localtime,
            let wallClock = WallClock.instant(text, utcOffsetSeconds: 0)
        else { return 0 }
        let raw = wallClock.timeIntervalSince1970 - TimeInterval(epoch)
        // A provider payload: never trusted to be finite or in range.
        return (FiniteNumber.int(raw / 900).map { min(max($0, -64), 64) } ?? 0) * 900
    }
}
