import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

/// The plan and Activity pages and their JSON, through the router with in-memory stores.
@Suite("Plan and Activity")
struct PlanRouteTests {
    /// The owner, their plan, and a pending suggestion raising the first exercise of the first session.
    private static func suggest(_ installation: TestInstallation, kind: PlanChange.Kind = .progression) async throws -> (
        User, Recommendation
    ) {
        let user = try #require(try await installation.repository.users().first)
        let plan = try #require(try await installation.repository.trainingPlan(userID: user.id))
        let session = try #require(plan.sessions.first { !$0.exercises.isEmpty })
        let exercise = session.exercises[0]
        let after: ExerciseTarget =
            switch exercise.target {
            case .strength(let sets, let reps, let load): .strength(sets: min(sets + 1, 20), reps: reps, loadKilograms: load)
            case .cardio(let minutes, let kilometres): .cardio(minutes: (minutes ?? 30) + 5, kilometres: kilometres)
            }
        let change = PlanChange(
            kind: kind, scope: .exercise(sessionID: session.id, exerciseID: exercise.id), before: .target(exercise.target),
            after: .target(after), planVersion: plan.version)
        let recommendation = Recommendation(
            userID: user.id, change: change, reason: "You hit every target twice.", createdAt: installation.clock.now())
        try await installation.repository.saveRecommendations([recommendation])
        return (user, recommendation)
    }

    @Test("Finishing onboarding gives a plan with a session in each training time; Home shows today's plan card")
    func planAfterOnboarding() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpAndOnboardWithTrainingTimes()
            let page = text(try await web.get("/plan").body)
            #expect(occurrences(of: #"data-testid="plan.session""#, in: page) == 2)
            #expect(page.contains(#"data-testid="plan.today""#) && page.contains(#"data-testid="plan.edit""#))
            #expect(page.contains("Monday") && page.contains("Thursday"))
            #expect(text(try await web.get("/").body).contains(#"data-testid="plan.today""#))
            let hub = text(try await web.get("/settings").body)
            #expect(hub.contains(#"data-testid="settings.activity""#) && !hub.contains("settings.activity.badge"))
        }
    }

    @Test("A session's targets are saved; a bad number is refused with its limits and nothing changes; an old page gets 409")
    func editSession() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpAndOnboardWithTrainingTimes()
            let user = try #require(try await installation.repository.users().first)
            let plan = try #require(try await installation.repository.trainingPlan(userID: user.id))
            let session = try #require(plan.sessions.first { $0.exercises.contains { $0.kind != .cardio } } ?? plan.sessions.first)
            let exercise = try #require(session.exercises.first)
            let path = "/plan/sessions/\(session.id.uuidString)"
            let page = text(try await web.get(path).body)
            #expect(page.contains(#"data-testid="plan.exercise""#) && page.contains(#"data-testid="plan.save""#))
            let key = exercise.id.uuidString
            let fields: [(String, String)] =
                exercise.kind == .cardio
                ? [("minutes_\(key)", "42"), ("distance_\(key)", "")]
                : [("sets_\(key)", "4"), ("reps_\(key)", "6"), ("load_\(key)", "61.5")]
            let bad: [(String, String)] = exercise.kind == .cardio ? [("minutes_\(key)", "1e400")] : [("sets_\(key)", "abc")]
            let refused = try await web.post(path, [("version", "\(plan.version)")] + bad)
            #expect(refused.status == .unprocessableContent)
            #expect(text(refused.body).contains(exercise.kind == .cardio ? "between 1 and 600 minutes" : "Sets must be between 1 and 20."))
            #expect(try await installation.repository.trainingPlan(userID: user.id) == plan)

            let saved = try await web.post(path, [("version", "\(plan.version)")] + fields)
            #expect(saved.status == .seeOther)
            let after = try #require(try await installation.repository.trainingPlan(userID: user.id))
            #expect(after.version == plan.version + 1)
            let expected: ExerciseTarget =
                exercise.kind == .cardio ? .cardio(minutes: 42, kilometres: nil) : .strength(sets: 4, reps: 6, loadKilograms: 61.5)
            #expect(after.session(id: session.id)?.exercise(id: exercise.id)?.target == expected)

            let stale = try await web.post(path, [("version", "\(plan.version)")] + fields)
            #expect(stale.status == .conflict)
            #expect(text(stale.body).contains("Your plan changed since this page was loaded"))
        }
    }

    @Test("A time goal is saved from the plan page in the person's units, a bad one is refused, blank fields clear it")
    func timeGoal() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpAndOnboardWithTrainingTimes()
            let user = try #require(try await installation.repository.users().first)
            let page = text(try await web.get("/plan").body)
            #expect(page.contains(#"data-testid="plan.timeGoal.save""#))
            var version = try #require(try await installation.repository.trainingPlan(userID: user.id)).version
            let refused = try await web.post(
                "/plan/time-goal", [("version", "\(version)"), ("distance", "5"), ("minutes", "-3"), ("timeGoalDay", "2027-06-01")])
            #expect(refused.status == .unprocessableContent && text(refused.body).contains("A time goal needs a distance"))
            #expect(try await installation.repository.trainingPlan(userID: user.id)?.timeGoal == nil)
            let saved = try await web.post(
                "/plan/time-goal", [("version", "\(version)"), ("distance", "5"), ("minutes", "25"), ("timeGoalDay", "2027-06-01")])
            #expect(saved.status == .seeOther)
            let plan = try #require(try await installation.repository.trainingPlan(userID: user.id))
            #expect(plan.timeGoal == TimeGoal(kilometres: 5, targetMinutes: 25, targetDay: "2027-06-01"))
            #expect(attributeValues("value", testID: "plan.timeGoal.minutes", in: text(try await web.get("/plan").body)) == ["25"])
            version = plan.version
            let cleared = try await web.post(
                "/plan/time-goal", [("version", "\(version)"), ("distance", ""), ("minutes", ""), ("timeGoalDay", "")])
            #expect(cleared.status == .seeOther)
            #expect(try await installation.repository.trainingPlan(userID: user.id)?.timeGoal == nil)
        }
    }

    @Test("A pending suggestion shows as a card and a badge; Accept applies it, Undo takes it back")
    func acceptAndUndo() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpAndOnboardWithTrainingTimes()
            let (user, recommendation) = try await Self.suggest(installation)
            let hub = text(try await web.get("/settings").body)
            #expect(attributeValues("aria-label", testID: "settings.activity.badge", in: hub) == ["1 waiting"])
            let page = text(try await web.get("/activity").body)
            #expect(attributeValues("data-state", testID: "activity.card", in: page) == ["pending_review"])
            #expect(page.contains(#"data-testid="recommendation.accept""#) && page.contains(#"data-testid="recommendation.decline""#))

            let accepted = try await web.post("/activity/recommendations/\(recommendation.id.uuidString)/accept", [])
            #expect(accepted.status == .seeOther)
            let plan = try #require(try await installation.repository.trainingPlan(userID: user.id))
            #expect(plan.holds(recommendation.change.after, at: recommendation.change.scope))
            let applied = text(try await web.get("/activity").body)
            #expect(attributeValues("data-state", testID: "activity.card", in: applied) == ["applied"])
            #expect(attributeValues("data-applied-by", testID: "activity.card", in: applied) == ["person"])
            #expect(!text(try await web.get("/settings").body).contains("settings.activity.badge"))

            #expect(try await web.post("/activity/recommendations/\(recommendation.id.uuidString)/undo", []).status == .seeOther)
            let undone = try #require(try await installation.repository.trainingPlan(userID: user.id))
            #expect(undone.holds(recommendation.change.before, at: recommendation.change.scope) && undone.version == plan.version + 1)
        }
    }

    @Test("Accepting after an edit answers 409 with the stale message and offers to recompute; Decline is final")
    func staleAndDecline() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpAndOnboardWithTrainingTimes()
            let (user, recommendation) = try await Self.suggest(installation)
            _ = try await PlanCoordinator(repository: installation.repository).edit(
                [.changeGoalDay(day: "2027-06-01")], user: user, expectedVersion: nil)
            let stale = try await web.post("/activity/recommendations/\(recommendation.id.uuidString)/accept", [])
            #expect(stale.status == .conflict)
            let html = text(stale.body)
            #expect(html.contains(RecommendationFlow.staleMessage) && html.contains(#"data-testid="recommendation.recompute""#))
            #expect(html.contains(#"data-testid="error.banner""#))

            let (_, second) = try await Self.suggest(installation)
            #expect(try await web.post("/activity/recommendations/\(second.id.uuidString)/decline", []).status == .seeOther)
            #expect(try await installation.repository.recommendation(id: second.id, userID: user.id)?.status == .rejected)
            let again = try await web.post("/activity/recommendations/\(second.id.uuidString)/accept", [])
            #expect(again.status == .unprocessableContent)
            #expect(text(again.body).contains("already handled"))
            // Someone else's id, or nonsense, is not found.
            #expect(try await web.post("/activity/recommendations/\(UUID().uuidString)/accept", []).status == .notFound)
        }
    }

    @Test("The auto-pilot switch saves as a form and as JSON, and reads fresh on load")
    func autopilotSaves() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpAndOnboardWithTrainingTimes()
            let user = try #require(try await installation.repository.users().first)
            #expect(
                attributeValues("aria-checked", testID: "activity.autopilot", in: text(try await web.get("/activity").body)) == ["false"])
            #expect(try await web.post("/activity/autopilot", [("enabled", "true")]).status == .seeOther)
            #expect(try await installation.repository.user(id: user.id)?.isAutopilotOn == true)
            #expect(
                attributeValues("aria-checked", testID: "activity.autopilot", in: text(try await web.get("/activity").body)) == ["true"])
            let json = try await web.send("/activity/autopilot", method: .post, body: "enabled=false", form: true)
            #expect(json.status == .ok && text(json.body) == #"{"enabled":false}"#)
            #expect(try await installation.repository.user(id: user.id)?.isAutopilotOn == false)
            #expect(try await web.post("/activity/autopilot", [("enabled", "maybe")]).status == .unprocessableContent)
        }
    }

    @Test("When the store refuses the auto-pilot write, the setting stays as it was and the page shows the error")
    func autopilotWriteFails() async throws {
        var configured = TestInstallation()
        configured.failAutopilotWrites = true
        let installation = configured
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpAndOnboardWithTrainingTimes()
            let user = try #require(try await installation.repository.users().first)
            let json = try await web.send("/activity/autopilot", method: .post, body: "enabled=true", form: true)
            #expect(json.status == .serviceUnavailable && text(json.body).contains(AutopilotToggle.defaultFailureMessage))
            let page = try await web.post("/activity/autopilot", [("enabled", "true")])
            #expect(page.status == .serviceUnavailable)
            #expect(attributeValues("aria-checked", testID: "activity.autopilot", in: text(page.body)) == ["false"])
            // The page escapes the apostrophe ("couldn&#39;t").
            #expect(text(page.body).contains("be changed. Check your connection and try again."))
            #expect(try await installation.repository.user(id: user.id)?.isAutopilotOn == false)
        }
    }

    @Test("The JSON endpoints give the plan and suggestions, apply edits with a version check, and decide suggestions")
    func jsonEndpoints() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUpAndOnboardWithTrainingTimes()
            try await web.get("/plan")
            let (_, recommendation) = try await Self.suggest(installation)
            let plan = try JSONCoding.decoder.decode(PlanAnswer.self, from: Data(try await web.send("/api/v1/plan").body.readableBytesView))
            let current = try #require(plan.plan)
            #expect(plan.availability.count == 2)
            let listed = text(try await web.send("/api/v1/recommendations").body)
            #expect(listed.contains(#""pending":1"#) && listed.contains(recommendation.id.uuidString))
            let edit = #"{"version":\#(current.version),"edits":[{"changeGoalDay":{"day":"2027-01-31"}}]}"#
            let saved = try await web.send("/api/v1/plan/edits", method: .post, body: edit)
            #expect(saved.status == .ok && text(saved.body).contains(#""goalDay":"2027-01-31""#))
            let stale = try await web.send("/api/v1/plan/edits", method: .post, body: edit)
            #expect(stale.status == .conflict)
            let broken = try await web.send("/api/v1/plan/edits", method: .post, body: #"{"edits":[{"changeGoalDay":{"day":"tomorrow"}}]}"#)
            #expect(broken.status == .unprocessableContent && text(broken.body).contains("calendar day"))
            let accept = try await web.send("/api/v1/recommendations/\(recommendation.id.uuidString)/accept", method: .post)
            #expect(accept.status == .conflict && text(accept.body).contains(RecommendationFlow.staleMessage))
            let put = try await web.send("/api/v1/autopilot", method: .put, body: #"{"enabled":true}"#)
            let read = text(try await web.send("/api/v1/autopilot").body)
            #expect(put.status == .ok && read == #"{"enabled":true}"#)
            // Without the CSRF header a script's write is refused.
            let forged = try await client.executeRequest(
                uri: "/api/v1/autopilot", method: .put, headers: [.cookie: web.cookie ?? ""],
                body: ByteBuffer(string: #"{"enabled":false}"#))
            #expect(forged.status == .forbidden)
        }
    }

    struct PlanAnswer: Decodable {
        let plan: TrainingPlan?
        let availability: [WorkoutAvailabilityBlock]
    }
}

extension WebClient {
    /// A script's request: JSON (or a form) with the CSRF header, asking for JSON.
    mutating func send(_ path: String, method: HTTPRequest.Method = .get, body: String? = nil, form: Bool = false) async throws
        -> TestResponse
    {
        var headers: HTTPFields = [.accept: "application/json"]
        if let cookie { headers[.cookie] = cookie }
        if let csrf { headers[CSRFMiddleware.header] = csrf }
        if body != nil { headers[.contentType] = form ? "application/x-www-form-urlencoded" : "application/json" }
        return try await client.executeRequest(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }
}
