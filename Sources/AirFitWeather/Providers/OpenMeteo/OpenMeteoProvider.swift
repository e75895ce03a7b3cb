public import Foundation
public import Logging

/// Open-Meteo (`/v1/forecast`): free, keyless, the default provider. Its data must be credited
/// with ``WeatherAttribution/openMeteo`` wherever it is shown.
public struct OpenMeteoProvider: WeatherProvider {
    public var id: WeatherProviderID { .openMeteo }
    private let requester: ProviderRequester

    /// Creates the provider.
    /// - Parameters:
    ///   - baseURL: scheme, host and optional path prefix; tests point it at a local fake.
    ///   - http: the transport.
    ///   - timeout: how long one request may take.
    public init(
        baseURL: URL = WeatherProviderID.openMeteo.defaultBaseURL, http: any WeatherHTTPClient,
        timeout: Duration = .seconds(30), logger: Logger = Logger(label: "airfit.weather.open-meteo")
    ) {
        requester = ProviderRequester(provider: .openMeteo, baseURL: baseURL, http: http, timeout: timeout, logger: logger)
    }

    public func current(lat: Double, lon: Double, units: WeatherUnits) async throws -> WeatherData {
        let fields = "temperature_2m,relative_humidity_2m,apparent_temperature,weather_code,wind_speed_10m"
        let response = try await fetch(lat: lat, lon: lon, units: units, extra: [("current", fields)])
        let offset = response.utcOffsetSeconds ?? 0
        guard let current = response.current else {
            throw WeatherError.invalidResponse(.openMeteo, detail: "current is missing")
        }
        guard let observedAt = current.time.instant(utcOffsetSeconds: offset) else {
            throw WeatherError.invalidResponse(.openMeteo, detail: "current.time is invalid")
        }
        return WeatherData(
            location: WeatherLocation(latitude: lat, longitude: lon), temperature: current.temperature,
            feelsLike: current.apparentTemperature, humidity: current.relativeHumidity.percentage ?? 0,
            windSpeed: current.windSpeed, condition: WeatherCondition(wmoCode: current.weatherCode.roundedInt ?? -1),
            observedAt: observedAt, utcOffsetSeconds: offset, units: units, provider: .openMeteo)
    }

    public func forecast(lat: Double, lon: Double, days: Int, units: WeatherUnits) async throws -> WeatherForecast {
        let count = min(max(days, 1), WeatherProviderID.openMeteo.maximumForecastDays)
        let response = try await fetch(
            lat: lat, lon: lon, units: units,
            extra: [
                ("hourly", "temperature_2m,weather_code,precipitation_probability"),
                ("daily", "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max"),
                ("forecast_days", String(count)),
            ])
        guard let daily = response.daily, let hourly = response.hourly else {
            throw WeatherError.invalidResponse(.openMeteo, detail: response.daily == nil ? "daily is missing" : "hourly is missing")
        }
        let offset = response.utcOffsetSeconds ?? 0
        let forecast = WeatherForecast(
            location: WeatherLocation(latitude: lat, longitude: lon), days: Self.days(daily, offset: offset),
            hourly: Self.hours(hourly, offset: offset), utcOffsetSeconds: offset, units: units, provider: .openMeteo)
        return forecast.limited(toDays: count)
    }

    private func fetch(lat: Double, lon: Double, units: WeatherUnits, extra: [(String, String)]) async throws -> OpenMeteoResponse {
        let query =
            [
                ("latitude", ProviderRequester.coordinate(lat)), ("longitude", ProviderRequester.coordinate(lon)),
            ] + extra + [
                ("temperature_unit", units == .imperial ? "fahrenheit" : "celsius"),
                ("wind_speed_unit", units == .imperial ? "mph" : "kmh"),
                ("timezone", "auto"), ("timeformat", "unixtime"),
            ]
        return try await requester.get(OpenMeteoResponse.self, path: "/v1/forecast", query: query) { _, body in
            .init(message: (try? JSONDecoder().decode(OpenMeteoResponse.ErrorBody.self, from: body))?.reason)
        }
    }

    /// Days with a date and both temperatures; a missing code or probability does not drop the day.
    static func days(_ daily: OpenMeteoResponse.Daily, offset: Int) -> [WeatherForecast.Day] {
        daily.time.indices.compactMap { index in
            guard let date = daily.time[index].localDate(utcOffsetSeconds: offset),
                let high = daily.temperatureMax[safe: index] ?? nil, let low = daily.temperatureMin[safe: index] ?? nil
            else { return nil }
            let code = daily.weatherCode[safe: index] ?? nil
            let probability = daily.precipitationProbabilityMax?[safe: index] ?? nil
            return WeatherForecast.Day(
                date: date, high: high, low: low, condition: code.flatMap(\.roundedInt).map(WeatherCondition.init(wmoCode:)) ?? .unknown,
                precipitationProbability: probability.flatMap(\.percentage))
        }
    }

    /// Hours with a time and a temperature.
    static func hours(_ hourly: OpenMeteoResponse.Hourly, offset: Int) -> [WeatherForecast.Hour] {
        hourly.time.indices.compactMap { index in
            guard let time = hourly.time[index].instant(utcOffsetSeconds: offset),
                let temperature = hourly.temperature[safe: index] ?? nil
            else { return nil }
            let code = hourly.weatherCode[safe: index] ?? nil
            let probability = hourly.precipitationProbability?[safe: index] ?? nil
            return WeatherForecast.Hour(
                time: time, temperature: temperature,
                condition: code.flatMap(\.roundedInt).map(WeatherCondition.init(wmoCode:)) ?? .unknown,
                precipitationProbability: probability.flatMap(\.percentage))
        }
    }
}
