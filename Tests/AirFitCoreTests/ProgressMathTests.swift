import AirFitCore
import Foundation
import Testing

@Suite("Calendar days")
struct CalendarDayTests {
    static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    @Test(
        "A day reads and writes as yyyy-MM-dd, and refuses what is not a date",
        arguments: ["2026-11-23", "2024-02-29", "1969-12-31", "2000-01-01"])
    func roundTrip(text: String) {
        #expect(CalendarDay(text)?.description == text)
    }

    @Test("Not days", arguments: ["2026-02-30", "yesterday", "2026-1-5", ""])
    func notDays(text: String) {
        #expect(CalendarDay(text) == nil)
    }

    @Test(
        "Weekdays and week starts, Sunday or Monday",
        arguments: [
            ("2026-11-23", 2, "2026-11-23", "2026-11-22"),  // a Monday
            ("2026-11-22", 1, "2026-11-16", "2026-11-22"),  // a Sunday
            ("2026-11-28", 7, "2026-11-23", "2026-11-22"),  // a Saturday
            ("1970-01-01", 5, "1969-12-29", "1969-12-28"),  // a Thursday
        ])
    func weeks(text: String, weekday: Int, monday: String, sunday: String) {
        let day = Self.day(text)
        #expect(day.weekday == weekday)
        #expect(day.startOfWeek(.monday).description == monday)
        #expect(day.startOfWeek(.sunday).description == sunday)
    }

    @Test("A moment becomes a day in the person's zone, across a clock change")
    func zones() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        // Berlin leaves summer time at 03:00 on 25 October 2026: 22:30 UTC is 23:30 the same day, 23:30 UTC is past midnight.
        #expect(CalendarDay(ISO8601.date(from: "2026-10-25T22:30:00Z")!, in: berlin).description == "2026-10-25")
        #expect(CalendarDay(ISO8601.date(from: "2026-10-25T23:30:00Z")!, in: berlin).description == "2026-10-26")
        #expect(Self.day("2026-10-25").start(in: berlin) == ISO8601.date(from: "2026-10-24T22:00:00Z"))
        #expect(Self.day("2026-10-26").start(in: berlin) == ISO8601.date(from: "2026-10-25T23:00:00Z"))
        // São Paulo's clocks once skipped midnight: the day began at 01:00.
        let saoPaulo = TimeZone(identifier: "America/Sao_Paulo")!
        #expect(Self.day("2018-11-04").start(in: saoPaulo) == ISO8601.date(from: "2018-11-04T03:00:00Z"))
        #expect(Self.day("2026-03-01").adding(days: -1).description == "2026-02-28")
        #expect(Self.day("2026-03-01").days(to: Self.day("2026-04-01")) == 31)
    }
}

@Suite("Moving average")
struct MovingAverageTests {
    static func day(_ n: Int) -> CalendarDay { CalendarDay("2026-11-01")!.adding(days: n - 1) }

    @Test(
        "The mean of the points in the seven days ending on each point; missing days are left out, not zero",
        arguments: [
            // Consecutive days: a full window.
            ([(1, 80.0), (2, 81), (3, 82), (4, 83), (5, 84), (6, 85), (7, 86), (8, 87)], [80, 80.5, 81, 81.5, 82, 82.5, 83, 84]),
            // Gaps: day 5 sees days 1–5; day 9 sees days 3–9 (only 5 and 9); day 20 is alone.
            ([(1, 80), (2, 82), (5, 81), (9, 79), (20, 78)], [80, 81, 81, 80, 78]),
            // Out of order, and the same day twice (the last value wins).
            ([(3, 90), (1, 70), (3, 100)], [70, 85]),
            ([], []),
        ] as [([(Int, Double)], [Double])])
    func trailing(points: [(Int, Double)], expected: [Double]) {
        let result = MovingAverage.trailing(points.map { (Self.day($0.0), $0.1) }, days: 7)
        #expect(result.map(\.average) == expected)
        #expect(result.map(\.day) == result.map(\.day).sorted())
    }

    @Test("A value that is not a number is ignored")
    func notANumber() {
        let result = MovingAverage.trailing([(Self.day(1), .nan), (Self.day(2), 80), (Self.day(3), .infinity)])
        #expect(result.map(\.average) == [80])
    }
}

@Suite("Estimated one-rep max")
struct EstimatedOneRepMaxTests {
    @Test(
        "Epley: weight × (1 + reps / 30), a single is its weight, and only 1–12 reps with a load count",
        arguments: [
            (100.0, 1, 100.0), (100, 5, 116.666_666_666_666_67), (100, 10, 133.333_333_333_333_33), (80, 12, 112), (100, 13, nil),
            (100, 0, nil), (0, 5, nil), (-20, 5, nil), (.nan, 5, nil), (.infinity, 3, nil),
        ] as [(Double, Int, Double?)])
    func epley(weight: Double, reps: Int, expected: Double?) {
        let estimate = EstimatedOneRepMax.kilograms(weightKg: weight, reps: reps)
        if let expected {
            #expect(abs((estimate ?? 0) - expected) < 1e-9)
        } else {
            #expect(estimate == nil)
        }
    }

    @Test("A set without reps or weight counts for nothing; the best set wins")
    func best() {
        let sets = [
            Workout.ExerciseSet(reps: 5), Workout.ExerciseSet(weightKg: 200), Workout.ExerciseSet(reps: 20, weightKg: 100),
            Workout.ExerciseSet(reps: 3, weightKg: 90), Workout.ExerciseSet(reps: 1, weightKg: 95),
        ]
        #expect(abs((EstimatedOneRepMax.best(of: sets) ?? 0) - 99) < 1e-9)
        #expect(EstimatedOneRepMax.best(of: [Workout.ExerciseSet(durationSeconds: 60)]) == nil)
    }
}
