import AirFitCore
import Foundation
import Testing

@Suite("History pages")
struct HistoryPageTests {
    static let user = UUID()
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static func workout(_ time: String, minutes: Double = 30) -> Workout {
        Workout(userID: user, type: "run", startedAt: at(time), durationMinutes: minutes)
    }

    @Test("Entries group by the person's day, newest day and newest entry first, a check-in leading its day")
    func grouping() {
        // 23:30 UTC on the 20th is 00:30 on the 21st in Berlin.
        let late = Self.workout("2026-11-20T23:30:00Z")
        let morning = Self.workout("2026-11-21T06:00:00Z", minutes: 45)
        let meal = FoodEntry(
            userID: Self.user, mealType: .breakfast, loggedAt: Self.at("2026-11-21T07:00:00Z"),
            items: [FoodItem(name: "oats", calories: 350), FoodItem(name: "banana", calories: 100)])
        let checkin = DailyLog(userID: Self.user, day: "2026-11-21", energy: 4, weightKg: 72)
        let older = Self.workout("2026-11-19T17:00:00Z")
        let page = HistoryPage(
            workouts: [morning, late, older], meals: [meal], logs: [checkin], zone: Self.berlin, units: .metric)
        #expect(page.days.map(\.day) == ["2026-11-21", "2026-11-19"])
        #expect(
            page.days[0].entries.map(\.title) == [
                "Check-in: energy 4/5, 72 kg", "Breakfast: oats, banana · 450 kcal", "Run, 45 min", "Run, 30 min",
            ])
        #expect(page.days[0].entries[3].time == "12:30 AM")
        #expect(page.olderThan == nil)
    }

    @Test("A page holds seven days and points to the older ones")
    func pageOfDays() {
        let workouts = (0..<10).map { Self.workout("2026-11-\(String(format: "%02d", 20 - $0))T10:00:00Z") }
        let page = HistoryPage(workouts: workouts, meals: [], logs: [], zone: .gmt, units: .metric)
        #expect(page.days.count == 7)
        #expect(page.days.first?.day == "2026-11-20" && page.days.last?.day == "2026-11-14")
        #expect(page.olderThan == "2026-11-14")
    }

    @Test("A page never ends inside a day whose records might not all have been read")
    func incompleteDayWaits() {
        // The read stopped at 4 records: the oldest day read (the 18th) may hold more, so it waits for the next page.
        let workouts = ["2026-11-20T10:00:00Z", "2026-11-19T10:00:00Z", "2026-11-18T12:00:00Z", "2026-11-18T10:00:00Z"].map {
            Self.workout($0)
        }
        let page = HistoryPage(workouts: workouts, meals: [], logs: [], zone: .gmt, units: .metric, recordsPerKind: 4)
        #expect(page.days.map(\.day) == ["2026-11-20", "2026-11-19"])
        #expect(page.olderThan == "2026-11-19")
    }

    @Test("Days are checked and stepped on the calendar")
    func days() {
        #expect(HistoryPage.dayBefore("2026-03-01") == "2026-02-28")
        #expect(HistoryPage.start(of: "2026-13-01", zone: .gmt) == nil)
        #expect(HistoryPage.start(of: "2026-11-21", zone: Self.berlin) == Self.at("2026-11-20T23:00:00Z"))
    }
}
