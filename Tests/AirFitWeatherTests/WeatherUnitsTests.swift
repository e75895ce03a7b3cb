import AirFitCore
import AirFitWeather
import Testing

@Suite("Weather units")
struct WeatherUnitsTests {
    @Test("Units follow the person's measurement system")
    func fromMeasurementSystem() {
        #expect(WeatherUnits(MeasurementSystem.metric) == .metric)
        #expect(WeatherUnits(MeasurementSystem.imperial) == .imperial)
        #expect(WeatherUnits.imperial.measurementSystem == .imperial)
    }

    @Test("Metric shows °C and km/h; imperial shows °F and mph")
    func symbols() {
        #expect(WeatherUnits.metric.temperatureSymbol == "°C")
        #expect(WeatherUnits.metric.windSpeedSymbol == "km/h")
        #expect(WeatherUnits.imperial.temperatureSymbol == "°F")
        #expect(WeatherUnits.imperial.windSpeedSymbol == "mph")
    }

    @Test(
        "Temperatures are formatted through Core in the value's own unit",
        arguments: [
            (WeatherUnits.metric, 18.4, "18°C"), (.metric, -0.4, "0°C"), (.metric, -3.6, "-4°C"), (.imperial, 72.0, "72°F"),
            (.imperial, 72.5, "73°F"), (.imperial, 65.1, "65°F"), (.imperial, -4.0, "-4°F"),
        ])
    func temperature(units: WeatherUnits, value: Double, expected: String) {
        #expect(units.formatTemperature(value) == expected)
    }

    @Test("Wind speeds are whole numbers with the unit")
    func wind() {
        #expect(WeatherUnits.metric.formatWindSpeed(11.9) == "12 km/h")
        #expect(WeatherUnits.imperial.formatWindSpeed(7.4) == "7 mph")
        #expect(WeatherUnits.metric.formatWindSpeed(-0.2) == "0 km/h")
    }
}
