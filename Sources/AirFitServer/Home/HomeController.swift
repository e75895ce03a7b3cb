import AirFitCore
import Foundation
import Hummingbird

/// The home page and the onboarding gate.
struct HomeController: Sendable {
    let repository: any AirFitRepository
    let views: Views

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/") { _, context -> Response in
            let signed = context.signed
            let profile = try await repository.onboardingProfile(userID: signed.user.id)
            // Onboarded, or chose "Maybe later".
            guard profile != nil || signed.user.onboardingPostponedAt != nil else { return WebResponses.redirect("/onboarding") }
            var page = HomeView(signed.user, weight: try await repository.latestWeight(userID: signed.user.id))
            // A stored persona this version cannot read (an old or hand-made import) must not take the home page down.
            if let persona = profile.flatMap({ try? $0.persona() }) {
                let summary = PersonaSynthesis.summary(of: persona)
                page.coachLine = summary.styleSentence
                page.aspiration = summary.aspiration
            }
            page.today = try await todayLogs(signed.user)
            return views.response(page, title: "Home", user: signed.user)
        }
    }

    /// One line per workout, meal and check-in logged today (the person's day, in their units).
    private func todayLogs(_ user: User, now: Date = Date()) async throws -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: user.timeZone) ?? .gmt
        let start = calendar.startOfDay(for: now)
        let query = RecordQuery(from: start, to: start.addingTimeInterval(86_400), limit: 20, newestFirst: false)
        var lines = try await repository.workouts(userID: user.id, query: query).map { workout in
            "Workout: \(workout.type), \(Int(workout.durationMinutes.rounded())) min"
        }
        lines += try await repository.foodEntries(userID: user.id, query: query).map { meal in
            "\(meal.mealType.displayName): \(meal.items.map(\.name).joined(separator: ", ")) · \(Int(meal.totalCalories.rounded())) kcal"
        }
        if let log = try await repository.dailyLog(userID: user.id, day: DailyLog.day(of: now, timeZone: user.timeZone)) {
            let parts = log.summaryParts(units: user.preferredUnits)
            lines.append("Check-in: " + (parts.isEmpty ? "saved" : parts.joined(separator: ", ")))
        }
        return lines
    }

    /// "Good morning" / "Good afternoon" / "Good evening" for the person's local time.
    static func greeting(_ now: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        switch calendar.component(.hour, from: now) {
        case 5..<12: return "Good morning"
        case 12..<18: return "Good afternoon"
        default: return "Good evening"
        }
    }
}
