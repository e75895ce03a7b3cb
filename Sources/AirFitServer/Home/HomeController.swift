import AirFitCore
import Foundation
import Hummingbird

/// The home page and the onboarding gate.
struct HomeController: Sendable {
    let repository: any AirFitRepository
    let now: @Sendable () -> Date
    let views: Views

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/") { request, context -> Response in
            let signed = context.signed
            let profile = try await repository.onboardingProfile(userID: signed.user.id)
            // Onboarded, or chose "Maybe later".
            guard profile != nil || signed.user.onboardingPostponedAt != nil else { return WebResponses.redirect("/onboarding") }
            var page = HomeView(signed.user, weight: try await repository.latestWeight(userID: signed.user.id), now: now())
            if let logged = request.uri.queryParameters["logged"], EntryController.quickForms.contains(String(logged)) {
                page.notice = "Logged. It is in today's list and in your history."
                page.suggested = request.uri.queryParameters["suggested"] != nil
            }
            // A stored persona this version cannot read (an old or hand-made import) must not take the home page down.
            if let persona = profile.flatMap({ try? $0.persona() }) {
                let summary = PersonaSynthesis.summary(of: persona)
                page.coachLine = summary.styleSentence
                page.aspiration = summary.aspiration
            }
            page.today = try await todayLogs(signed.user)
            if let plan = try await repository.trainingPlan(userID: signed.user.id) {
                page.hasPlan = true
                page.planned = PlanMatching.sessions(on: now(), in: plan, calendar: PlanCalendar(user: signed.user)).map {
                    "\($0.focus.displayName), \($0.slot.startTime.twelveHourDescription)"
                }
            }
            return views.response(page, title: "Home", user: signed.user)
        }
    }

    /// Each workout, meal and check-in logged today (the person's day, in their units), linking to it.
    private func todayLogs(_ user: User) async throws -> [HomeView.Logged] {
        let zone = TimeZone(identifier: user.timeZone) ?? .gmt
        let day = DailyLog.day(of: now(), timeZone: zone.identifier)
        guard let span = HistoryPage.interval(of: day, zone: zone) else { return [] }
        let query = RecordQuery(from: span.lowerBound, to: span.upperBound, limit: 20, newestFirst: false)
        var entries = try await repository.workouts(userID: user.id, query: query).map(LoggedEntry.workout)
        entries += try await repository.foodEntries(userID: user.id, query: query).map(LoggedEntry.meal)
        if let log = try await repository.dailyLog(userID: user.id, day: day) { entries.append(.checkin(log)) }
        return entries.map { HomeView.Logged(title: $0.title(units: user.preferredUnits), href: EntryPaths.entry($0.reference)) }
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
