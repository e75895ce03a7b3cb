import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("History pages")
struct HistoryRouteTests {
    @Test("History lists days newest first with their entries, filters by kind, pages by cursor and opens one day")
    func history() async throws {
        let dependencies = ServerDependencies(health: StubHealth(), passwordCost: 4)
        try await Application(router: buildRouter(dependencies)).test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            #expect(text(try await web.get("/history").body).contains(#"data-testid="history.empty""#))
            let user = try #require(try await dependencies.repository.users().first)
            let repository = dependencies.repository
            let base = ISO8601DateFormatter().date(from: "2026-10-31T09:00:00Z")!
            for day in 0..<10 {
                let when = base.addingTimeInterval(Double(-day) * 86_400)
                try await repository.addWorkout(Workout(userID: user.id, type: "run", startedAt: when, durationMinutes: Double(20 + day)))
            }
            try await repository.addFoodEntry(
                FoodEntry(
                    userID: user.id, mealType: .lunch, loggedAt: base.addingTimeInterval(3600),
                    items: [FoodItem(name: "soup", calories: 300)]))
            try await repository.saveDailyLog(DailyLog(userID: user.id, day: "2026-10-30", energy: 5))

            let first = text(try await web.get("/history").body)
            #expect(attributeValues("data-day", testID: "history.day", in: first) == (0..<7).map { "2026-10-\(31 - $0)" })
            #expect(first.contains("Lunch: soup · 300 kcal") && first.contains("Check-in: energy 5/5") && first.contains("Run, 20 min"))
            #expect(first.contains(#"href="/history?before=2026-10-25" rel="next""#))
            let older = text(try await web.get("/history?before=2026-10-25").body)
            #expect(attributeValues("data-day", testID: "history.day", in: older) == ["2026-10-24", "2026-10-23", "2026-10-22"])
            #expect(!older.contains(#"data-testid="history.more""#))

            let meals = text(try await web.get("/history?kind=meal").body)
            #expect(attributeValues("data-kind", testID: "history.entry", in: meals) == ["meal"])
            #expect(meals.contains(#"href="/history?kind=meal" aria-current="page" data-testid="history.filter.meal""#))

            let day = text(try await web.get("/history/2026-10-31").body)
            #expect(attributeValues("data-kind", testID: "history.entry", in: day) == ["meal", "workout"])
            #expect(day.contains("Saturday, 31 October 2026"))

            let bad = try await web.get("/history?before=yesterday")
            #expect(bad.status == .badRequest && text(bad.body).contains("That page of history does not exist"))
            #expect(try await web.get("/history/2026-02-30").status == .notFound)
        }
    }
}
