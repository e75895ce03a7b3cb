import AirFitCore
import Foundation
import Testing

@testable import AirFitCoach

@Suite("The training plan in the coach's chat context")
struct CoachPlanContextTests {
    typealias F = PlanCoachFixture

    func lines(_ fixture: PlanCoachFixture, at now: Date = F.now) async -> [String] {
        await CoachContextBuilder(repository: fixture.store, weather: nil).context(for: fixture.user, now: now, tools: []).recentActivity
    }

    /// A suggestion of `kind` made `hoursAgo` before the fixture's clock.
    func suggestion(_ fixture: PlanCoachFixture, _ kind: PlanChange.Kind, _ reason: String, hoursAgo: Double) throws -> Recommendation {
        let (session, curl) = try #require(fixture.exercise("Biceps Curl"))
        let change: PlanChange
        switch kind {
        case .schedule:
            change = PlanChange(
                kind: .schedule, scope: .session(sessionID: session.id), before: .slot(session.slot), after: .slot(SessionSlot(F.saturday)),
                planVersion: 3)
        case .goalPace:
            change = PlanChange(
                kind: .goalPace, scope: .weightGoal, before: .goal(WeightGoal(targetKilograms: 70, targetDay: "2027-01-01")),
                after: .goal(WeightGoal(targetKilograms: 70, targetDay: "2027-02-01")), planVersion: 3)
        default:
            change = PlanChange(
                kind: kind, scope: .exercise(sessionID: session.id, exerciseID: curl.id), before: .target(curl.target),
                after: .target(.strength(sets: 3, reps: 12, loadKilograms: 21)), planVersion: 3)
        }
        return Recommendation(
            userID: fixture.user.id, change: change, reason: reason, createdAt: F.now.addingTimeInterval(-hoursAgo * 3600))
    }

    @Test("Today's sessions and up to five pending suggestions, newest first, appear; expired and applied ones don't")
    func planLines() async throws {
        let fixture = try await F.make()
        var saved = try (1...6).map { try suggestion(fixture, .progression, "Reason \($0).", hoursAgo: Double($0)) }
        saved.append(try suggestion(fixture, .deload, "Too old.", hoursAgo: 8 * 24))
        var applied = try suggestion(fixture, .progression, "Already done.", hoursAgo: 0.5)
        applied.status = .applied
        saved.append(applied)
        try await fixture.store.saveRecommendations(saved)
        let shown = await lines(fixture)
        #expect(
            shown == [
                "No workouts, meals or check-ins logged in the last 7 days.", "Planned today: Lower body at 07:00.",
                "Pending plan suggestion (progression): Reason 1.", "Pending plan suggestion (progression): Reason 2.",
                "Pending plan suggestion (progression): Reason 3.", "Pending plan suggestion (progression): Reason 4.",
                "Pending plan suggestion (progression): Reason 5.",
            ])
    }

    @Test("The lines reach the system prompt after the logged activity")
    func inSystemPrompt() async throws {
        let fixture = try await F.make()
        try await fixture.store.addWorkout(
            Workout(userID: fixture.user.id, type: "run", startedAt: F.now.addingTimeInterval(-86_400), durationMinutes: 30))
        try await fixture.store.saveRecommendations([try suggestion(fixture, .deload, "Ease the curls this week.", hoursAgo: 2)])
        let engine = CoachEngine(
            repository: fixture.store, vault: fixture.vault, streamer: ScriptedStreamer([]), now: { F.now }, plan: fixture.coordinator)
        let prompt = try await engine.systemPrompt(for: fixture.user).text
        #expect(
            prompt.contains(
                "- Sun 22 Nov: workout run, 30 min\n- Planned today: Lower body at 07:00.\n- Pending plan suggestion (deload): Ease the curls this week."
            ))
        #expect(!prompt.contains("No workouts, meals or check-ins"))
    }

    @Test("A day without a session says so; without a plan there are no plan lines")
    func restDayAndNoPlan() async throws {
        let fixture = try await F.make()
        #expect(
            await lines(fixture, at: F.now.addingTimeInterval(86_400)).contains(
                "Planned today: no session (a rest day in their training plan)."))
        let planless = try await F.make(plan: { _ in nil })
        #expect(await lines(planless).isEmpty)
    }

    @Test("Kept-private schedule hides times and schedule suggestions; kept-private activity hides the plan; goal weights never show")
    func privacy() async throws {
        let privateSchedule = try await F.make(exclusions: [CoachContextItem.scheduleAndSleep.rawValue])
        try await privateSchedule.store.saveRecommendations([
            try suggestion(privateSchedule, .schedule, "Move to Saturday 9:00 AM.", hoursAgo: 1),
            try suggestion(privateSchedule, .goalPace, "You'll reach 70 kg around 2027-02-01.", hoursAgo: 2),
        ])
        let shown = await lines(privateSchedule)
        #expect(shown.contains("Planned today: Lower body."))
        #expect(!shown.joined().contains("Saturday") && !shown.joined().contains("07:00"))
        #expect(!shown.joined().contains("70 kg"))
        #expect(shown.contains { $0.hasPrefix("Pending plan suggestion (goal_pace): a new target date for their weight goal") })
        let privateActivity = try await F.make(exclusions: [CoachContextItem.recentActivity.rawValue])
        try await privateActivity.store.saveRecommendations([try suggestion(privateActivity, .deload, "Ease off.", hoursAgo: 1)])
        #expect(await lines(privateActivity).isEmpty)
    }

    @Test(
        "What a suggestion's reason may tell the model",
        arguments: [
            (PlanChange.Kind.progression, [CoachContextItem](), String?("Reason.")), (.progression, [.scheduleAndSleep], "Reason."),
            (.progression, [.recentActivity], nil), (.schedule, [], "Reason."), (.schedule, [.scheduleAndSleep], nil),
            (.goalPace, [], "a new target date for their weight goal, based on their recent pace (details in Activity)."),
        ])
    func wording(_ kind: PlanChange.Kind, _ excluded: [CoachContextItem], _ expected: String?) async throws {
        let fixture = try await F.make()
        var recommendation = try suggestion(fixture, kind, "Reason.", hoursAgo: 1)
        #expect(PlanSuggestionWording.reason(recommendation, policy: CoachContextPolicy(excluded: Set(excluded))) == expected)
        recommendation.reason = String(repeating: "a", count: 400) + "\nline"
        let long = PlanSuggestionWording.reason(recommendation, policy: CoachContextPolicy(excluded: []))
        #expect(kind == .goalPace || (long?.count == 300 && long?.hasSuffix("…") == true && long?.contains("\n") == false))
    }
}
