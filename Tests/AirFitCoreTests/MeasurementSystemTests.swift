import AirFitCore
import Testing

@Suite("MeasurementSystem")
struct MeasurementSystemTests {
    // MARK: Conversions

    @Test("150 lbs converts to 68 kg and back")
    func poundsAndKilograms() {
        #expect(abs(MeasurementSystem.kilograms(fromPounds: 150) - 68.0388555) < 1e-9)
        #expect(MeasurementSystem.metric.formatWeight(kilograms: MeasurementSystem.kilograms(fromPounds: 150)) == "68 kg")
        #expect(MeasurementSystem.imperial.formatWeight(kilograms: 68) == "150 lbs")
        #expect(abs(MeasurementSystem.pounds(fromKilograms: MeasurementSystem.kilograms(fromPounds: 150)) - 150) < 1e-9)
    }

    @Test("5 feet 10 inches converts to 178 cm and back")
    func feetAndCentimeters() {
        let cm = MeasurementSystem.centimeters(feet: 5, inches: 10)
        #expect(abs(cm - 177.8) < 1e-9)
        #expect(MeasurementSystem.metric.formatHeight(centimeters: cm) == "178 cm")
        #expect(MeasurementSystem.imperial.formatHeight(centimeters: 178) == "5'10\"")
        let (feet, inches) = MeasurementSystem.feetAndInches(fromCentimeters: 177.8)
        #expect(feet == 5 && inches == 10)
    }

    @Test(
        "Inches that round up to 12 carry into the next foot",
        arguments: [
            (182.0, 6, 0), (182.88, 6, 0), (179.5, 5, 11), (152.4, 5, 0), (0.0, 0, 0), (30.0, 1, 0),
        ])
    func feetAndInchesCarry(centimeters: Double, feet: Int, inches: Int) {
        let result = MeasurementSystem.feetAndInches(fromCentimeters: centimeters)
        #expect(result.feet == feet)
        #expect(result.inches == inches)
        #expect(result.inches < 12)
    }

    @Test("3 miles converts to 5 km and back")
    func milesAndKilometers() {
        let meters = MeasurementSystem.meters(fromMiles: 3)
        #expect(abs(meters - 4828.032) < 1e-9)
        #expect(MeasurementSystem.metric.formatDistance(meters: meters) == "5 km")
        #expect(MeasurementSystem.imperial.formatDistance(meters: 5000) == "3 miles")
        #expect(abs(MeasurementSystem.miles(fromMeters: meters) - 3) < 1e-12)
    }

    @Test("72°F converts to 22°C and back")
    func fahrenheitAndCelsius() {
        #expect(abs(MeasurementSystem.celsius(fromFahrenheit: 72) - 22.2222222) < 1e-6)
        #expect(MeasurementSystem.metric.formatTemperature(celsius: MeasurementSystem.celsius(fromFahrenheit: 72)) == "22°C")
        #expect(MeasurementSystem.imperial.formatTemperature(celsius: 22) == "72°F")
        #expect(MeasurementSystem.fahrenheit(fromCelsius: 100) == 212)
        #expect(MeasurementSystem.celsius(fromFahrenheit: 32) == 0)
    }

    // MARK: Formatting

    @Test(
        "Distances use the singular only for exactly one displayed mile",
        arguments: [
            (1609.344, 0, "1 mile"),
            (1609.344 * 1.04, 1, "1 mile"),
            (1609.344 * 1.06, 1, "1.1 miles"),
            (1609.344 * 1.5, 0, "2 miles"),
            (0.0, 0, "0 miles"),
            (1609.344 * 0.4, 0, "0 miles"),
            (1609.344 * 2, 0, "2 miles"),
        ])
    func singularMile(meters: Double, fractionDigits: Int, expected: String) {
        #expect(MeasurementSystem.imperial.formatDistance(meters: meters, fractionDigits: fractionDigits) == expected)
    }

    @Test(
        "Negative values keep their sign and negative zero prints as 0",
        arguments: [
            (MeasurementSystem.metric, -40.0, "-40°C"),
            (MeasurementSystem.imperial, -40.0, "-40°F"),
            (MeasurementSystem.imperial, -10.0, "14°F"),
            (MeasurementSystem.imperial, -20.0, "-4°F"),
            (MeasurementSystem.metric, -0.4, "0°C"),
            (MeasurementSystem.metric, -0.5, "-1°C"),
            (MeasurementSystem.metric, -2.5, "-3°C"),
        ])
    func negativeTemperatures(system: MeasurementSystem, celsius: Double, expected: String) {
        #expect(system.formatTemperature(celsius: celsius) == expected)
    }

    @Test(
        "Rounding is half away from zero and drops trailing zeros",
        arguments: [
            (70.25, 1, "70.3 kg"),
            (70.5, 0, "71 kg"),
            (70.0, 2, "70 kg"),
            (72.5, 2, "72.5 kg"),
            (72.456, 2, "72.46 kg"),
            (0.004, 2, "0 kg"),
            (99.96, 1, "100 kg"),
        ])
    func rounding(kilograms: Double, fractionDigits: Int, expected: String) {
        #expect(MeasurementSystem.metric.formatWeight(kilograms: kilograms, fractionDigits: fractionDigits) == expected)
    }

    @Test("A negative fraction-digit count formats as whole numbers")
    func negativeFractionDigits() {
        #expect(MeasurementSystem.metric.formatWeight(kilograms: 70.6, fractionDigits: -3) == "71 kg")
    }

    @Test("Typed weights convert to kilograms in the system's unit")
    func enteredWeights() {
        #expect(abs(MeasurementSystem.imperial.kilograms(fromEntered: 150) - 68.0388555) < 1e-9)
        #expect(MeasurementSystem.metric.kilograms(fromEntered: 68) == 68)
    }

    @Test("Unit labels match the system", arguments: MeasurementSystem.allCases)
    func unitLabels(system: MeasurementSystem) {
        switch system {
        case .imperial:
            #expect([system.weightUnit, system.distanceUnit, system.temperatureUnit] == ["lbs", "miles", "°F"])
            #expect(system.displayName == "Imperial")
        case .metric:
            #expect([system.weightUnit, system.distanceUnit, system.temperatureUnit] == ["kg", "km", "°C"])
            #expect(system.displayName == "Metric")
        }
        #expect(system.id == system.rawValue)
    }
}
