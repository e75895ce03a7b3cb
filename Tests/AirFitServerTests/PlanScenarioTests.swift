import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

/// The whole loop as a person lives it: onboard, get a plan, tell the coach about three weeks of Monday squats (the fake
/// OpenAI-compatible provider calls `logWorkout`), and see the coach's suggestion wait in Activity — or, under auto-pilot,
/// see it applied and note it.
@Suite("Plan scenario")
struct PlanScenarioTests {
    /// Monday 2 November 2026, 07:30 UTC: the first squat session.
    static let firstMonday = Date(timeIntervalSince1970: 1_793_604_600)

    @Test(
        "Three weeks of logged squats: the progression waits for review, or auto-pilot applies it and the person notes it",
        arguments: [false, true])
    func threeWeeks(autopilot: Bool) async throws {
        let installation = TestInstallation(clock: TestClock(Self.firstMonday))
        try await withProviderServer { provider in
            try await installation.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUpAndOnboardWithTrainingTimes()
                var owner = try #require(try await installation.repository.users().first)
                owner.timeZone = "UTC"
                owner.weekStart = .monday
                owner.selectedAIProvider = "openai"
                owner.selectedAIModel = "gpt-test"
                owner.aiBaseURL = provider.root + "/v1"
                try await installation.repository.updateUser(owner)
                try await installation.vault.saveSecret(
                    "sk-test-0123456789abcdefghijklmn", provider: "openai", userID: owner.id, baseURL: provider.root + "/v1")
                if autopilot { #expect(try await web.post("/activity/autopilot", [("enabled", "true")]).status == .seeOther) }

                // The Monday session gets a squat with a known load (the template starts without loads).
                let plan = try #require(try await installation.repository.trainingPlan(userID: owner.id))
                let monday = try #require(plan.sessions.first { $0.slot.dayOfWeek == 2 })
                try await web.get("/plan/sessions/\(monday.id.uuidString)")
                let added = try await web.post(
                    "/plan/sessions/\(monday.id.uuidString)/exercises",
                    [
                        ("version", "\(plan.version)"), ("name", "Back Squat"), ("kind", "compound"), ("sets", "3"), ("reps", "5"),
                        ("load", "60"),
                    ])
                #expect(added.status == .seeOther)

                var suggestions: [String] = []
                for week in 0..<3 {
                    let day = Self.firstMonday.addingTimeInterval(Double(week) * 7 * 86_400)
                    installation.clock.set(day)
                    let started = ISO8601.string(from: day.addingTimeInterval(-20 * 60))
                    let sets = Array(repeating: #"{"reps":5,"weight":60}"#, count: 3).joined(separator: ",")
                    provider.script(
                        "/v1/chat/completions",
                        [
                            .init(
                                chunks: OpenAIWire.toolCall(
                                    "logWorkout",
                                    arguments:
                                        #"{"type":"strength","durationMinutes":45,"startedAt":"\#(started)","weightUnit":"kg","exercises":[{"name":"back squat","sets":[\#(sets)]}]}"#
                                )),
                            .init(chunks: OpenAIWire.text(["Strong work."])),
                        ])
                    let page = text(try await web.get("/chat").body)
                    let response = try await web.post(
                        "/chat/stream", [("conversation", ChatRouteTests.conversation(page)), ("message", "Squats done: 3 x 5 at 60 kg")])
                    let tool = try #require(ChatRouteTests.frames(text(response.body)).first { $0.0 == "tool" })
                    #expect(tool.1.contains("Workout logged"))
                    // The tool result the model read back names the suggestion.
                    let toolResult = try Self.lastMessage(in: try #require(provider.requests.last?.body))
                    suggestions.append(toolResult.contains("planSuggestions") ? "week \(week + 1)" : "")
                }
                // Two sessions hitting every set make the progression in week 2. Under auto-pilot the target rose, so week
                // 3's 60 kg proposes nothing; without it the suggestion waited 7 days, expired, and the coach suggests again.
                #expect(suggestions == ["", "week 2", autopilot ? "" : "week 3"])
                let recommendations = try await installation.repository.recommendations(userID: owner.id)
                #expect(recommendations.map(\.change.kind) == (autopilot ? [.progression] : [.progression, .progression]))
                let recommendation = try #require(recommendations.first)
                let activity = text(try await web.get("/activity").body)
                if autopilot {
                    #expect(recommendation.status == .applied && recommendation.appliedBy == .coach)
                    #expect(attributeValues("data-applied-by", testID: "activity.card", in: activity) == ["coach"])
                    let squat = try #require(
                        try await installation.repository.trainingPlan(userID: owner.id)?.sessions
                            .flatMap(\.exercises).first { $0.name == "Back Squat" })
                    #expect((squat.target.loadKilograms ?? 0) > 60)
                    let noted = try await web.post("/activity/recommendations/\(recommendation.id.uuidString)/acknowledge", [])
                    #expect(noted.status == .seeOther)
                    #expect(
                        attributeValues("data-state", testID: "activity.card", in: text(try await web.get("/activity").body)) == [
                            "acknowledged"
                        ])
                } else {
                    #expect(recommendation.status == .pendingReview)
                    #expect(attributeValues("data-state", testID: "activity.card", in: activity) == ["pending_review", "expired"])
                    #expect(
                        attributeValues("aria-label", testID: "settings.activity.badge", in: text(try await web.get("/settings").body)) == [
                            "1 waiting"
                        ])
                    // The person edits the plan, then accepts the older suggestion: 409, and the plan keeps their edit.
                    let current = try #require(try await installation.repository.trainingPlan(userID: owner.id))
                    try await web.get("/plan")
                    #expect(
                        try await web.post("/plan/goal", [("version", "\(current.version)"), ("goalDay", "2027-05-01")]).status == .seeOther
                    )
                    let stale = try await web.post("/activity/recommendations/\(recommendation.id.uuidString)/accept", [])
                    #expect(stale.status == .conflict && text(stale.body).contains(RecommendationFlow.staleMessage))
                    let squat = try #require(
                        try await installation.repository.trainingPlan(userID: owner.id)?.sessions
                            .flatMap(\.exercises).first { $0.name == "Back Squat" })
                    #expect(squat.target.loadKilograms == 60)
                }
            }
        }
    }

    /// The content of the last message a chat request carried (the tool result of this turn).
    static func lastMessage(in body: String) throws -> String {
        struct Request: Decodable {
            struct Message: Decodable { let content: String? }
            let messages: [Message]
        }
        return try JSONDecoder().decode(Request.self, from: Data(body.utf8)).messages.last?.content ?? ""
    }
}
