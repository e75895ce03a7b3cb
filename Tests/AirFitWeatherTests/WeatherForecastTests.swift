import AirFitCore
import AirFitWeather
import Foundation
import Testing

@Suite("Forecast values")
struct WeatherForecastTests {
    private static let start = Date(timeIntervalSince1970: 1_717_192_800)  // 2024-06-01 00:00 at UTC+2

    private static func forecast(hours: Int, step: TimeInterval = 3600) -> WeatherForecast {
        let days = (1...3).map { LocalDate(year: 2024, month: 6, day: $0) }.map {
            WeatherForecast.Day(date: $0, high: 20, low: 10, condition: .clear, precipitationProbability: 0)
        }
        let hourly = (0..<hours).map {
            WeatherForecast.Hour(
                time: start.addingTimeInterval(Double($0) * step), temperature: 15, condition: .clear, precipitationProbability: 0)
        }
        return WeatherForecast(
            location: WeatherLocation(latitude: 52.52, longitude: 13.41), days: days, hourly: hourly, utcOffsetSeconds: 7200,
            units: .metric, provider: .openMeteo)
    }

    @Test("Upcoming hours start with the step under way")
    func upcoming() {
        let forecast = Self.forecast(hours: 72)
        let now = Self.start.addingTimeInterval(5 * 3600 + 20 * 60)
        let hours = forecast.upcomingHours(from: now, limit: 4)
        #expect(hours.count == 4)
        #expect(hours.first?.time == Self.start.addingTimeInterval(5 * 3600))
    }

    @Test("Three-hour steps: the step that began before now is shown first")
    func upcomingThreeHourly() {
        let forecast = Self.forecast(hours: 24, step: 10_800)
        let hours = forecast.upcomingHours(from: Self.start.addingTimeInterval(4 * 3600), limit: 2)
        #expect(hours.map(\.time) == [Self.start.addingTimeInterval(3 * 3600), Self.start.addingTimeInterval(6 * 3600)])
    }

    @Test("Limiting to fewer days drops the later days and their hours, in local time")
    func limited() {
        let limited = Self.forecast(hours: 72).limited(toDays: 2)
        #expect(limited.days.map(\.date.description) == ["2024-06-01", "2024-06-02"])
        #expect(limited.hourly.count == 48)
    }

    @Test("Local dates parse, print, order and know their weekday")
    func localDate() throws {
        let date = try #require(LocalDate(iso8601: "2024-06-01"))
        #expect(date.description == "2024-06-01")
        #expect(date.weekdayAbbreviation == "Sat")
        #expect(LocalDate(iso8601: "2024-13-01") == nil)
        #expect(LocalDate(iso8601: "yesterday") == nil)
        #expect(date < LocalDate(year: 2024, month: 6, day: 2))
        #expect(LocalDate(Date(timeIntervalSince1970: 1_717_192_800), utcOffsetSeconds: 7200) == date)
        #expect(LocalDate(Date(timeIntervalSince1970: 1_717_192_800), utcOffsetSeconds: 0).description == "2024-05-31")
    }

    @Test("A saved location becomes a weather location")
    func savedLocation() {
        let location = WeatherLocation(.init(latitude: 40.7, longitude: -74, name: "Home"))
        #expect(location == WeatherLocation(latitude: 40.7, longitude: -74, name: "Home"))
    }
}
