import AirFitCore
import Foundation
import Testing

@Suite("Progress targets rule")
struct ProgressTargetsRuleTests {
    @Test(
        "Numbers in range are kept (the goal weight read in the person's units); empty fields clear",
        arguments: [
            (
                "75", "2200", "140", MeasurementSystem.metric,
                ProgressTargets(goalWeightKg: 75, dailyCalorieTarget: 2200, dailyProteinTargetGrams: 140)
            ),
            (" 20 ", "800", "20", .metric, ProgressTargets(goalWeightKg: 20, dailyCalorieTarget: 800, dailyProteinTargetGrams: 20)),
            ("400", "8000", "400", .metric, ProgressTargets(goalWeightKg: 400, dailyCalorieTarget: 8000, dailyProteinTargetGrams: 400)),
            ("", "", "", .metric, ProgressTargets()),
            (
                "200", "1999.6", "", .imperial,
                ProgressTargets(goalWeightKg: MeasurementSystem.kilograms(fromPounds: 200), dailyCalorieTarget: 2000)
            ),
        ])
    func accepted(goal: String, calories: String, protein: String, units: MeasurementSystem, expected: ProgressTargets) throws {
        let targets = try ProgressTargetsRule.targets(goalWeight: goal, calories: calories, protein: protein, units: units)
        #expect(targets == expected)
    }

    @Test(
        "Numbers that are not finite, out of range or unreadable are refused, naming the field",
        arguments: [
            ("nan", "", "", MeasurementSystem.metric, ["goalWeight"]),
            ("1e400", "", "", .metric, ["goalWeight"]),
            ("-70", "", "", .metric, ["goalWeight"]),
            ("19.9", "", "", .metric, ["goalWeight"]),
            ("401", "", "", .metric, ["goalWeight"]),
            ("890", "", "", .imperial, ["goalWeight"]),  // 403.7 kg
            ("75 kg", "", "", .metric, ["goalWeight"]),
            ("", "inf", "", .metric, ["calories"]),
            ("", "799", "-5", .metric, ["calories", "protein"]),
            ("", "", "1e400", .metric, ["protein"]),
            ("abc", "9000", "401", .metric, ["goalWeight", "calories", "protein"]),
        ])
    func refused(goal: String, calories: String, protein: String, units: MeasurementSystem, fields: [String]) {
        #expect(throws: ProgressTargetsRule.Problems.self) {
            try ProgressTargetsRule.targets(goalWeight: goal, calories: calories, protein: protein, units: units)
        }
        do throws(ProgressTargetsRule.Problems) {
            _ = try ProgressTargetsRule.targets(goalWeight: goal, calories: calories, protein: protein, units: units)
        } catch {
            #expect(error.all.map(\.field) == fields)
        }
    }

    @Test("The messages say what is allowed, in the person's unit")
    func messages() {
        do throws(ProgressTargetsRule.Problems) {
            _ = try ProgressTargetsRule.targets(goalWeight: "1", calories: "1", protein: "1", units: .imperial)
            Issue.record("accepted")
        } catch {
            #expect(
                error.all.map(\.message) == [
                    "Goal weight must be a number from 45 to 881 lbs.",
                    "Daily calories must be a number from 800 to 8000 (for example 2200).",
                    "Daily protein must be a number of grams from 20 to 400 (for example 120).",
                ])
        }
        do throws(ProgressTargetsRule.Problems) {
            _ = try ProgressTargetsRule.targets(goalWeight: "1", calories: nil, protein: nil, units: .metric)
        } catch {
            #expect(error.all.map(\.message) == ["Goal weight must be a number from 20 to 400 kg."])
        }
    }
}

@Suite("Progress targets on the user")
struct UserTargetsCodingTests {
    @Test("An export from before the targets reads with none set; targets survive a trip through JSON")
    func coding() throws {
        let user = User(name: "Ann", timeZone: "UTC", goalWeightKg: 70.5, dailyCalorieTarget: 2100, dailyProteinTargetGrams: 130)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONCoding.encoder.encode(user)) as? [String: Any])
        #expect(object["goalWeightKg"] as? Double == 70.5)
        let back = try JSONCoding.decoder.decode(User.self, from: JSONCoding.encoder.encode(user))
        #expect(back.goalWeightKg == 70.5 && back.dailyCalorieTarget == 2100 && back.dailyProteinTargetGrams == 130)
        for key in ["goalWeightKg", "dailyCalorieTarget", "dailyProteinTargetGrams"] { object[key] = nil }
        let old = try JSONCoding.decoder.decode(User.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.goalWeightKg == nil && old.dailyCalorieTarget == nil && old.dailyProteinTargetGrams == nil)
        #expect(old.name == "Ann")
    }

    @Test("A save changes only the targets it edited")
    func changes() {
        let original = User(timeZone: "UTC")
        var edited = original
        edited.goalWeightKg = 72
        var current = original
        current.dailyCalorieTarget = 1900
        let merged = edited.changes(since: original, appliedTo: current)
        #expect(merged.goalWeightKg == 72 && merged.dailyCalorieTarget == 1900)
    }
}
