public import Foundation

/// Weather as plain-text tables, for the terminal and for logs a person reads.
public enum WeatherTextReport {
    /// Current conditions, the daily forecast and the next steps, with staleness notes and the attribution.
    /// - Parameters:
    ///   - hours: how many upcoming steps to list.
    ///   - now: the moment "next hours" counts from.
    public static func render(
        current: WeatherResult<WeatherData>, forecast: WeatherResult<WeatherForecast>, hours: Int = 12, now: Date
    ) -> String {
        let data = current.value
        let units = data.units
        let offset = data.utcOffsetSeconds
        var lines: [String] = []
        let coordinates = String(format: "%.2f, %.2f", data.location.latitude, data.location.longitude)
        lines.append("\(data.location.name.map { "\($0) (\(coordinates))" } ?? coordinates) — \(data.provider.displayName)")
        let observed =
            "\(LocalDate(data.observedAt, utcOffsetSeconds: offset).weekdayAbbreviation) "
            + WallClock.timeOfDay(data.observedAt, utcOffsetSeconds: offset)
        lines.append(
            "Now: \(data.summary.map(capitalized) ?? data.condition.displayName), \(units.formatTemperature(data.temperature))"
                + " (feels like \(units.formatTemperature(data.feelsLike))), humidity \(data.humidity)%,"
                + " wind \(units.formatWindSpeed(data.windSpeed)) — observed \(observed) local time")
        lines += staleNotes([("the current conditions are", current.isStale, current.age, current.refreshError)])
        lines.append("")
        lines += dailyTable(forecast.value)
        lines.append("")
        lines += hourlyTable(forecast.value, hours: hours, now: now)
        lines += staleNotes([("the forecast is", forecast.isStale, forecast.age, forecast.refreshError)])
        lines.append("")
        var credits = [data.attribution]
        if forecast.value.attribution != data.attribution { credits.append(forecast.value.attribution) }
        lines += credits.map { "\($0.text) — \($0.url.absoluteString)" }
        return lines.joined(separator: "\n")
    }

    static func dailyTable(_ forecast: WeatherForecast) -> [String] {
        guard !forecast.days.isEmpty else { return ["Daily forecast: none available."] }
        let units = forecast.units
        var lines = ["Daily forecast", row(["Day", "Conditions", "High", "Low", "Precip"], widths: [15, 18, 7, 7, 7])]
        for day in forecast.days {
            lines.append(
                row(
                    [
                        "\(day.date.weekdayAbbreviation) \(day.date)", day.condition.displayName,
                        units.formatTemperature(day.high), units.formatTemperature(day.low), percent(day.precipitationProbability),
                    ], widths: [15, 18, 7, 7, 7]))
        }
        return lines
    }

    static func hourlyTable(_ forecast: WeatherForecast, hours: Int, now: Date) -> [String] {
        let upcoming = forecast.upcomingHours(from: now, limit: hours)
        guard !upcoming.isEmpty else { return ["Next hours: none available."] }
        let offset = forecast.utcOffsetSeconds
        var lines = ["Next hours", row(["Time", "Conditions", "Temp", "Precip"], widths: [15, 18, 7, 7])]
        for hour in upcoming {
            let label =
                "\(LocalDate(hour.time, utcOffsetSeconds: offset).weekdayAbbreviation) "
                + WallClock.timeOfDay(hour.time, utcOffsetSeconds: offset)
            lines.append(
                row(
                    [
                        label, hour.condition.displayName, forecast.units.formatTemperature(hour.temperature),
                        percent(hour.precipitationProbability),
                    ],
                    widths: [15, 18, 7, 7]))
        }
        return lines
    }

    private static func staleNotes(_ items: [(String, Bool, TimeInterval, WeatherError?)]) -> [String] {
        items.filter(\.1).map { what, _, age, error in
            let minutes = Int((age / 60).rounded())
            let reason = error.map { " (\($0.fullMessage))" } ?? ""
            return "Note: \(what) \(minutes) min old; fresh data could not be fetched\(reason)."
        }
    }

    /// First two columns left-aligned, the rest right-aligned.
    private static func row(_ cells: [String], widths: [Int]) -> String {
        zip(cells, widths).enumerated().map { index, pair in
            let (cell, width) = pair
            let pad = String(repeating: " ", count: max(0, width - cell.count))
            return index < 2 ? cell + pad : pad + cell
        }
        .joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    private static func percent(_ value: Int?) -> String { value.map { "\($0)%" } ?? "—" }

    private static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
