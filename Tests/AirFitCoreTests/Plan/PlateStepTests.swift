import Foundation
import Testing

@testable import AirFitCore

@Suite("Plate steps")
struct PlateStepTests {
    @Test(
        "A metric progression adds 2.5% (compound) or 5% (isolation) in 2.5 kg steps, at least one step, at most 5 kg",
        arguments: [
            (100.0, ExerciseKind.compound, 102.5),
            (100.0, .isolation, 105.0),
            (40.0, .compound, 42.5),
            (20.0, .isolation, 22.5),
            (60.0, .compound, 62.5),
            (140.0, .compound, 142.5),
            (160.0, .compound, 165.0),
            (200.0, .compound, 205.0),
            (300.0, .compound, 305.0),
            (150.0, .isolation, 155.0),
            (0.0, .compound, 2.5),
            (41.0, .compound, 42.5),
        ])
    func metric(load: Double, kind: ExerciseKind, expected: Double) throws {
        let next = try #require(PlateStep.progressed(load, kind: kind, units: .metric))
        #expect(abs(next - expected) < 1e-9)
        #expect(next - load <= PlateStep.maximumIncreaseKilograms + 1e-9)
    }

    @Test(
        "An imperial progression moves in 5 lb steps and is stored in kilograms; the 5 kg cap holds",
        arguments: [
            (225.0, ExerciseKind.compound, 230.0),
            (100.0, .isolation, 105.0),
            (300.0, .isolation, 310.0),
            (400.0, .compound, 410.0),
            (45.0, .compound, 50.0),
        ])
    func imperial(pounds: Double, kind: ExerciseKind, expectedPounds: Double) throws {
        let load = MeasurementSystem.kilograms(fromPounds: pounds)
        let next = try #require(PlateStep.progressed(load, kind: kind, units: .imperial))
        #expect(abs(MeasurementSystem.pounds(fromKilograms: next) - expectedPounds) < 1e-6)
        #expect(next - load <= PlateStep.maximumIncreaseKilograms + 1e-9)
    }

    @Test(
        "Cardio, a load past 500 kg, or a number that isn't finite never progresses",
        arguments: [
            (100.0, ExerciseKind.cardio), (499.0, .compound), (.nan, .compound), (.infinity, .isolation), (-5, .compound),
        ])
    func noProgression(load: Double, kind: ExerciseKind) {
        #expect(PlateStep.progressed(load, kind: kind, units: .metric) == nil)
    }

    @Test(
        "A deload takes 10% off, rounded to the plate step, at least one step",
        arguments: [
            (100.0, MeasurementSystem.metric, 90.0),
            (42.5, .metric, 37.5),
            (20.0, .metric, 17.5),
            (2.5, .metric, 0.0),
            (MeasurementSystem.kilograms(fromPounds: 225), .imperial, MeasurementSystem.kilograms(fromPounds: 205)),
            (MeasurementSystem.kilograms(fromPounds: 45), .imperial, MeasurementSystem.kilograms(fromPounds: 40)),
        ])
    func deload(load: Double, units: MeasurementSystem, expected: Double) throws {
        let lighter = try #require(PlateStep.deloaded(load, units: units))
        #expect(abs(lighter - expected) < 1e-9)
    }

    @Test("Nothing to take off from an empty bar or a broken number", arguments: [0.0, -1, .nan])
    func noDeload(load: Double) {
        #expect(PlateStep.deloaded(load, units: .metric) == nil)
    }
}
