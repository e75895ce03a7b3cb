import AirFitCore
import Foundation
import Testing

@Suite("Progress report")
struct ProgressReportTests {
    static let userID = UUID()
    static let berlin = "Europe/Berlin"
    /// Monday 23 November 2026, 10:00 in Berlin.
    static let now = ISO8601.date(from: "2026-11-23T09:00:00Z")!

    static func user(weekStart: WeekStart = .monday, goal: Double? = nil) -> User {
        User(id: userID, preferredUnits: .metric, timeZone: berlin, weekStart: weekStart, goalWeightKg: goal)
    }

    static func at(_ text: String) -> Date { ISO8601.date(from: text)! }

    static func lift(_ time: String, _ name: String, sets: [(reps: Int?, kg: Double?)], minutes: Double = 45) -> Workout {
        Workout(
            userID: userID, type: "strength", startedAt: at(time), durationMinutes: minutes,
            exercises: [Workout.Exercise(name: name, sets: sets.map { Workout.ExerciseSet(reps: $0.reps, weightKg: $0.kg) })])
    }

    static func report(
        _ range: ProgressRange = .fourWeeks, user: User = user(), target: Int? = nil, workouts: [Workout] = [], meals: [FoodEntry] = [],
        logs: [DailyLog] = []
    ) -> ProgressReport {
        ProgressReport(range: range, now: now, user: user, weeklyTarget: target, workouts: workouts, meals: meals, logs: logs)
    }

    @Test("The reads cover the range in the person's zone: weeks from their start, check-ins six days early for the average")
    func reads() {
        let reads = ProgressReport.reads(range: .fourWeeks, now: Self.now, user: Self.user())
        #expect(reads.window.lowerBound.description == "2026-10-27" && reads.window.upperBound.description == "2026-11-23")
        #expect(reads.logsFromDay == "2026-10-21" && reads.logsToDay == "2026-11-23")
        // Monday 26 October begins at 23:00 UTC (winter time); the window's Tuesday at 23:00 UTC the day after.
        #expect(reads.workoutsFrom == Self.at("2026-10-25T23:00:00Z"))
        #expect(reads.mealsFrom == Self.at("2026-10-26T23:00:00Z"))
        #expect(reads.recordsTo == Self.at("2026-11-23T23:00:00Z"))
        let sunday = ProgressReport.reads(range: .oneYear, now: Self.now, user: Self.user(weekStart: .sunday))
        #expect(sunday.window.lowerBound.description == "2025-11-24")
        // Sunday 23 November 2025.
        #expect(sunday.workoutsFrom == Self.at("2025-11-22T23:00:00Z"))
    }

    @Test("Nothing logged: every part is empty and says nothing")
    func empty() {
        let report = Self.report()
        #expect(report.weight.points.isEmpty && report.weight.takeaway(units: .metric) == nil)
        #expect(!report.training.hasWorkouts && report.training.takeaway == nil)
        #expect(report.training.weeks.count == 5)
        #expect(report.strength.lifts.isEmpty)
        #expect(report.nutrition.days.isEmpty && report.nutrition.takeaway == nil)
        #expect(report.wellbeing.days.isEmpty && report.wellbeing.takeaway == nil)
    }

    @Test("Weight: weigh-ins in the range with their 7-day average, counting the days before the range, toward the goal")
    func weight() {
        let logs = [
            DailyLog(userID: Self.userID, day: "2026-10-25", weightKg: 82),  // before the window: only in the average
            DailyLog(userID: Self.userID, day: "2026-10-27", weightKg: 80),
            DailyLog(userID: Self.userID, day: "2026-10-28", energy: 3),
            DailyLog(userID: Self.userID, day: "2026-11-20", weightKg: 79),
            DailyLog(userID: Self.userID, day: "2026-11-23", weightKg: 78),
        ]
        let report = Self.report(user: Self.user(goal: 75), logs: logs)
        #expect(report.weight.points.map(\.day.description) == ["2026-10-27", "2026-11-20", "2026-11-23"])
        #expect(report.weight.points.map(\.averageKilograms) == [81, 79, 78.5])
        #expect(report.weight.goalKilograms == 75)
        #expect(
            report.weight.takeaway(units: .metric)
                == "Your 7-day average weight is 78.5 kg on 23 Nov, down 2.5 kg since 27 Oct; 3.5 kg to go to your goal of 75 kg.")
        #expect(
            report.weight.takeaway(units: .imperial)?.hasPrefix("Your 7-day average weight is 173.1 lbs on 23 Nov, down 5.5 lbs") == true)
    }

    @Test(
        "Training weeks start on the person's day in their zone, across the end of summer time",
        arguments: [
            // 23:30 in Berlin on Sunday 25 October (summer time ended that morning), then 00:30 on Monday.
            (WeekStart.monday, ["2026-10-19": 1, "2026-10-26": 1]),
            (WeekStart.sunday, ["2026-10-18": 0, "2026-10-25": 2]),
        ])
    func trainingWeeks(weekStart: WeekStart, expected: [String: Int]) {
        let workouts = [
            Workout(userID: Self.userID, type: "run", startedAt: Self.at("2026-10-25T22:30:00Z"), durationMinutes: 30),
            Workout(userID: Self.userID, type: "run", startedAt: Self.at("2026-10-25T23:30:00Z"), durationMinutes: 20),
        ]
        // Three months back reaches 25 August; a Sunday start puts the first week at 23 August.
        let report = Self.report(.threeMonths, user: Self.user(weekStart: weekStart), target: 3, workouts: workouts)
        let byStart = Dictionary(uniqueKeysWithValues: report.training.weeks.map { ($0.start.description, $0.sessions) })
        for (start, sessions) in expected { #expect(byStart[start] == sessions, "\(start)") }
        #expect(report.training.weeks.allSatisfy { $0.start.weekday == (weekStart == .monday ? 2 : 1) })
        #expect(report.training.weeks.last?.isCurrent == true && report.training.weeks.filter(\.isCurrent).count == 1)
        #expect(report.training.weeklyTarget == 3)
    }

    @Test("Training: sessions and minutes a week, the week under way left out of the average")
    func trainingTakeaway() {
        let workouts = [
            Workout(userID: Self.userID, type: "run", startedAt: Self.at("2026-11-17T07:00:00Z"), durationMinutes: 30),
            Workout(userID: Self.userID, type: "yoga", startedAt: Self.at("2026-11-19T07:00:00Z"), durationMinutes: 60),
            Workout(userID: Self.userID, type: "run", startedAt: Self.at("2026-11-23T07:00:00Z"), durationMinutes: 40),
        ]
        let report = Self.report(target: 2, workouts: workouts)
        let week = report.training.weeks.first { $0.start.description == "2026-11-16" }
        #expect(week?.sessions == 2 && week?.minutes == 90)
        #expect(
            report.training.takeaway == "You averaged 0.5 sessions and 23 minutes of training a week; 1 of 4 weeks reached your 2 sessions."
        )
    }

    @Test("Strength: the best estimate of each session, personal bests when beating every earlier session, most-done lifts first")
    func strength() {
        let squat = [100.0, 95, 105, 105, 110].enumerated().map { index, kg in
            Self.lift(
                "2026-11-\(String(format: "%02d", 2 + index * 3))T17:00:00Z", index == 4 ? "Back squat" : "back  SQUAT",
                sets: [(1, kg), (15, 200)])
        }
        let bench = [
            Self.lift("2026-11-03T17:00:00Z", "Bench", sets: [(5, 60), (5, 62.5)]),
            Self.lift("2026-11-10T17:00:00Z", "Bench", sets: [(nil, 70), (5, nil)]),  // nothing to estimate from
        ]
        let old = Self.lift("2026-09-01T17:00:00Z", "Back squat", sets: [(1, 300)])  // before the range
        let others = (1...6).map { Self.lift("2026-11-04T17:00:00Z", "Lift \($0)", sets: [(3, 50)]) }
        let report = Self.report(workouts: squat + bench + [old] + others)
        let lifts = report.strength.lifts
        #expect(lifts.count == StrengthProgress.maximumLifts)
        #expect(lifts.first?.name == "Back squat")
        #expect(lifts.first?.sessions.map(\.kilograms) == [100, 95, 105, 105, 110])
        #expect(lifts.first?.sessions.map(\.isPersonalBest) == [false, false, true, false, true])
        #expect(lifts.first?.best?.day.description == "2026-11-14")
        #expect(lifts.map(\.name) == ["Back squat", "Bench", "Lift 1", "Lift 2", "Lift 3", "Lift 4"])
        #expect(lifts[1].sessions.count == 1 && abs(lifts[1].sessions[0].kilograms - 62.5 * (1 + 5.0 / 30)) < 1e-9)
        #expect(
            lifts[0].takeaway(units: .metric)
                == "Back squat: best estimated one-rep max 110 kg on 14 Nov, from 100 kg at the first session to 110 kg at the last; "
                + "2 personal bests.")
    }

    @Test("Nutrition: totals per day in the person's zone, only days with meals, against the targets")
    func nutrition() {
        let meal = { (time: String, calories: Double, protein: Double?) in
            FoodEntry(
                userID: Self.userID, mealType: .dinner, loggedAt: Self.at(time),
                items: [FoodItem(name: "food", calories: calories, proteinGrams: protein)])
        }
        let meals = [
            meal("2026-11-20T11:00:00Z", 600, 40), meal("2026-11-20T22:30:00Z", 900, 30),  // 23:30 in Berlin: still the 20th
            meal("2026-11-20T23:30:00Z", 500, nil),  // 00:30 on the 21st
            meal("2026-10-01T12:00:00Z", 3000, 10),  // before the range
        ]
        var user = Self.user()
        user.dailyCalorieTarget = 2000
        user.dailyProteinTargetGrams = 120
        let report = Self.report(user: user, meals: meals)
        #expect(report.nutrition.days.map(\.day.description) == ["2026-11-20", "2026-11-21"])
        #expect(report.nutrition.days.map(\.calories) == [1500, 500])
        #expect(report.nutrition.days.map(\.proteinGrams) == [70, 0])
        #expect(
            report.nutrition.takeaway
                == "On the 2 days with meals logged you averaged 1000 kcal and 35 g of protein (your targets are 2000 kcal and 120 g of protein)."
        )
    }

    @Test("Wellbeing: ratings from 1 to 5 from the check-ins in the range")
    func wellbeing() {
        let logs = [
            DailyLog(userID: Self.userID, day: "2026-10-22", energy: 1),  // read for the weight average, not shown
            DailyLog(userID: Self.userID, day: "2026-11-01", energy: 4, sleepQuality: 3, stress: 2),
            DailyLog(userID: Self.userID, day: "2026-11-02", energy: 5, sleepQuality: 9),
            DailyLog(userID: Self.userID, day: "2026-11-03", weightKg: 70),
        ]
        let report = Self.report(logs: logs)
        #expect(report.wellbeing.days.map(\.day.description) == ["2026-11-01", "2026-11-02"])
        #expect(report.wellbeing.days[1].sleepQuality == nil)
        #expect(report.wellbeing.takeaway == "Over 2 check-ins your averages out of 5 were sleep 3, energy 4.5, stress 2.")
    }
}
