import AirFitCore
import Foundation
import Testing

@Suite("DailyLog")
struct DailyLogTests {
    private static let user = UUID()

    @Test("A log with values in range has no problems")
    func valid() {
        let log = DailyLog(
            userID: Self.user, day: "2024-02-29", energy: 1, sleepQuality: 5, stress: 3, mood: "great", weightKg: 72.5,
            steps: 0, notes: "ok")
        #expect(log.validationProblems.isEmpty)
        #expect(DailyLog(userID: Self.user, day: "2024-01-01").validationProblems.isEmpty)
    }

    @Test(
        "Ratings outside 1–5 are named with the value given",
        arguments: [
            (DailyLog(userID: user, day: "2024-01-01", energy: 0), "Energy must be between 1 and 5 (got 0)."),
            (DailyLog(userID: user, day: "2024-01-01", sleepQuality: 6), "Sleep quality must be between 1 and 5 (got 6)."),
            (DailyLog(userID: user, day: "2024-01-01", stress: -1), "Stress must be between 1 and 5 (got -1)."),
            (DailyLog(userID: user, day: "2024-01-01", steps: -10), "Steps can't be negative."),
        ])
    func ratingProblems(log: DailyLog, message: String) {
        #expect(log.validationProblems == [message])
    }

    @Test("Weight must be a positive number of kilograms below 700", arguments: [0.0, -5, 700, 1e9, .nan, .infinity])
    func weightProblems(weight: Double) {
        let log = DailyLog(userID: Self.user, day: "2024-01-01", weightKg: weight)
        #expect(log.validationProblems == ["Weight must be a positive number of kilograms."])
    }

    @Test(
        "Days must be real calendar days written as YYYY-MM-DD",
        arguments: [
            "2024-2-01", "2024-02-30", "2023-02-29", "yesterday", "", "2024-13-01", "24-01-01", "2024-01-01T00:00:00Z",
            "2024-01-01 ",
        ])
    func dayProblems(day: String) {
        let log = DailyLog(userID: Self.user, day: day)
        #expect(log.validationProblems == ["The day must be written as YYYY-MM-DD (got \"\(day)\")."])
        #expect(!DailyLog.isValidDay(day))
    }

    @Test("Every problem is listed, in a stable order")
    func allProblems() {
        let log = DailyLog(userID: Self.user, day: "nope", energy: 9, sleepQuality: 0, stress: 7, weightKg: -1, steps: -1)
        #expect(
            log.validationProblems == [
                "Energy must be between 1 and 5 (got 9).",
                "Sleep quality must be between 1 and 5 (got 0).",
                "Stress must be between 1 and 5 (got 7).",
                "Weight must be a positive number of kilograms.",
                "Steps can't be negative.",
                "The day must be written as YYYY-MM-DD (got \"nope\").",
            ])
    }

    @Test("Valid days include leap days and century boundaries", arguments: ["2024-02-29", "2000-02-29", "1999-12-31", "2100-02-28"])
    func validDays(day: String) {
        #expect(DailyLog.isValidDay(day))
    }
}
