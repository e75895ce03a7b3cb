import Foundation
import Testing

@testable import AirFitCore

@Suite("Profile and preferences rules")
struct ProfileRuleTests {
    @Test("Every stored height in range shows as feet and inches that read back to the same centimeters")
    func imperialHeightRoundTrip() throws {
        for tenths in stride(from: 300, through: 3000, by: 7) {
            let stored = Double(tenths) / 10
            let shown = HeightFields(centimeters: stored, units: .imperial)
            #expect(try ProfileRule.height(feet: shown.feet, inches: shown.inches, current: stored) == stored)
            let metric = HeightFields(centimeters: stored, units: .metric)
            #expect(try ProfileRule.height(centimeters: metric.centimeters, current: stored) == stored)
        }
    }

    @Test("Every stored weight in range shows in pounds and kilograms that read back to the same kilograms")
    func weightRoundTrip() throws {
        for hundredths in stride(from: 1000, through: 70_000, by: 37) {
            let stored = Double(hundredths) / 100
            for units in MeasurementSystem.allCases {
                let shown = ProfileRule.weightText(kilograms: stored, units: units)
                #expect(try ProfileRule.weight(shown, units: units, current: stored) == stored)
            }
        }
    }

    @Test("A changed height is converted: 6'0\" is 182.88 cm, and empty inches are read as 0")
    func convertsChangedHeight() throws {
        let six = try #require(try ProfileRule.height(feet: "6", inches: "0", current: 170))
        #expect(abs(six - 182.88) < 0.000_001)
        let feet = try #require(try ProfileRule.height(feet: "1", inches: "", current: nil))
        #expect(feet == MeasurementSystem.centimeters(feet: 1, inches: 0))
        #expect(try ProfileRule.height(feet: "", inches: " ", current: 170) == nil)
    }

    @Test("Out-of-range and non-finite numbers are refused with the range in the person's units")
    func refusals() {
        #expect(throws: SettingsProblems(all: [ValidationIssue(field: "feet", message: "Height must be from 1'0\" to 9'10\".")])) {
            try ProfileRule.height(feet: "0", inches: "11", current: nil)
        }
        #expect(
            throws: SettingsProblems(all: [
                ValidationIssue(field: "centimeters", message: "Height must be a number of centimeters from 30 to 300.")
            ])
        ) {
            try ProfileRule.height(centimeters: "inf", current: nil)
        }
        #expect(throws: SettingsProblems(all: [ValidationIssue(field: "feet", message: "Feet must be a whole number from 0 to 9.")])) {
            try ProfileRule.height(feet: "5.5", inches: "0", current: nil)
        }
        #expect(throws: SettingsProblems(all: [ValidationIssue(field: "weight", message: "Weight must be a number from 23 to 1543 lbs.")]))
        {
            try ProfileRule.weight("22", units: .imperial, current: nil)
        }
        #expect(throws: SettingsProblems.self) { try ProfileRule.weight("nan", units: .metric, current: nil) }
        #expect(throws: SettingsProblems.self) { try ProfileRule.nickname("Sam\u{202E}") }
        #expect(throws: SettingsProblems.self) { try ProfileRule.fitnessLevel("Elite") }
    }

    @Test("Imports are held to the same ranges as the profile form")
    func archiveUsesTheSameRanges() {
        var user = User(timeZone: "UTC")
        user.heightCm = ProfileRule.heightCentimeters.upperBound + 1
        user.weightKg = ProfileRule.weightKilograms.lowerBound - 1
        let problems = ArchiveLimits.problems(user)
        #expect(problems.contains("user.heightCm must be 30 to 300.") && problems.contains("user.weightKg must be 10 to 700."))
    }

    @Test("Preferences take a known zone and Sunday or Monday; the week's days follow the start")
    func preferences() throws {
        let chosen = try PreferencesRule.preferences(timeZone: " Asia/Tokyo ", weekStart: "sunday")
        #expect(chosen.timeZone == "Asia/Tokyo" && chosen.weekStart == .sunday)
        #expect(throws: SettingsProblems.self) { try PreferencesRule.preferences(timeZone: "Asia/Tokyo", weekStart: "Sunday") }
        do throws(SettingsProblems) {
            _ = try PreferencesRule.preferences(timeZone: "../etc/passwd", weekStart: nil)
            Issue.record("accepted")
        } catch {
            #expect(error.fields == ["timeZone", "weekStart"])
        }
        #expect(WeekStart.sunday.weekdays.first == 1 && WeekStart.monday.weekdays == [2, 3, 4, 5, 6, 7, 1])
        #expect(
            TimeZoneRule.knownIdentifiers.contains("Europe/Berlin")
                && TimeZoneRule.knownIdentifiers == TimeZoneRule.knownIdentifiers.sorted())
    }
}
