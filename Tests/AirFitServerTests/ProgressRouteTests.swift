import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Progress page")
struct ProgressRouteTests {
    /// Monday 23 November 2026, 10:00 in Berlin.
    static let now = ISO8601.date(from: "2026-11-23T09:00:00Z")!

    static func at(_ text: String) -> Date { ISO8601.date(from: text)! }

    /// Signs up on an app whose clock stands at ``now``, makes the person metric and in Berlin, and runs `body`.
    static func withApp(_ body: @Sendable (inout WebClient, ServerDependencies, User) async throws -> Void) async throws {
        let dependencies = ServerDependencies(health: StubHealth(), passwordCost: 4, now: { Self.now })
        try await Application(router: buildRouter(dependencies)).test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            var user = try #require(try await dependencies.repository.users().first)
            user.preferredUnits = .metric
            user.timeZone = "Europe/Berlin"
            try await dependencies.repository.updateUser(user)
            try await body(&web, dependencies, user)
        }
    }

    /// The `<table>` with `testID`, as text.
    static func table(_ testID: String, in html: String) -> String? {
        guard let start = html.range(of: #"<table data-testid="\#(testID)""#),
            let end = html[start.upperBound...].range(of: "</table>")
        else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("With nothing logged every chart says what to log, and the range links mark the one shown")
    func empty() async throws {
        try await Self.withApp { web, _, _ in
            let page = text(try await web.get("/progress").body)
            for key in ["weight", "training", "strength", "nutrition", "wellbeing"] {
                #expect(page.contains(#"data-testid="progress.chart.\#(key)""#), "\(key) section")
                #expect(page.contains(#"data-testid="progress.\#(key).empty""#), "\(key) empty state")
            }
            #expect(page.contains("Log your weight in a check-in or tell your coach"))
            #expect(page.contains("or use the quick log (+ on the home page)"))
            // No chart (the only drawing is the inbox bell, before the page's content).
            #expect(!(page.components(separatedBy: #"<main id="main">"#).last ?? page).contains("<svg"))
            #expect(page.contains(#"href="/progress?range=4w" aria-current="page" data-testid="progress.range.4w""#))
            #expect(page.contains(#"href="/progress?range=3m" data-testid="progress.range.3m""#))
            #expect(page.contains("Last 4 weeks: 27 Oct 2026 – 23 Nov 2026"))
            let year = try await web.get("/progress?range=1y")
            #expect(year.status == .ok && text(year.body).contains("Last 1 year: 24 Nov 2025 – 23 Nov 2026"))
            let home = text(try await web.get("/").body)
            #expect(home.contains(#"href="/progress" data-testid="home.progress""#))
        }
    }

    @Test("A range that is not 4w, 3m or 1y is a 400 that says which ones exist", arguments: ["2w", "", "1Y", "4w%00"])
    func badRange(range: String) async throws {
        try await Self.withApp { web, _, _ in
            let response = try await web.get("/progress?range=\(range)")
            #expect(response.status == .badRequest)
            #expect(text(response.body).contains("There is no such range. Choose 4 weeks (4w), 3 months (3m) or 1 year (1y)."))
        }
    }

    @Test("Weight: the table behind the chart holds each weigh-in with its 7-day average; a longer range reaches further back")
    func weight() async throws {
        try await Self.withApp { web, dependencies, user in
            let repository = dependencies.repository
            for (day, kilograms) in [("2026-09-10", 84.0), ("2026-11-17", 80), ("2026-11-18", 81), ("2026-11-20", 79), ("2026-11-23", 78)] {
                try await repository.saveDailyLog(DailyLog(userID: user.id, day: day, energy: 3, weightKg: kilograms))
            }
            let page = text(try await web.get("/progress").body)
            let table = try #require(Self.table("progress.table.weight", in: page))
            #expect(
                table.contains(
                    #"<tr><th scope="row">17 Nov 2026</th><td>80 kg</td><td>80 kg</td></tr><tr><th scope="row">18 Nov 2026</th><td>81 kg</td>"#
                        + #"<td>80.5 kg</td></tr><tr><th scope="row">20 Nov 2026</th><td>79 kg</td><td>80 kg</td></tr>"#
                        + #"<tr><th scope="row">23 Nov 2026</th><td>78 kg</td><td>79.5 kg</td></tr>"#))
            #expect(!table.contains("10 Sep 2026"))
            #expect(page.contains("Your 7-day average weight is 79.5 kg on 23 Nov, down 0.5 kg since 17 Nov."))
            #expect(page.contains(#"role="img" aria-labelledby="progress-weight-heading progress-weight-caption""#))
            #expect(page.contains(#"<figcaption id="progress-weight-caption""#))
            #expect(!page.contains("progress.weight.goalLine"))
            // The check-ins' energy shows in wellbeing.
            #expect(!page.contains(#"data-testid="progress.wellbeing.empty""#))

            let longer = text(try await web.get("/progress?range=3m").body)
            #expect(
                Self.table("progress.table.weight", in: longer)?.contains(#"<th scope="row">10 Sep 2026</th><td>84 kg</td><td>84 kg</td>"#)
                    == true)
            #expect(longer.contains(#"href="/progress?range=3m" aria-current="page""#))
            // The average's line breaks across the two months without a weigh-in.
            #expect(longer.components(separatedBy: #"<polyline class="chart-line""#).count - 1 == 1)
            #expect(
                ProgressCharts.runs(["2026-09-10", "2026-11-17", "2026-11-24", "2026-12-02"].map { CalendarDay($0)! }, longestGap: 7) == [
                    [0], [1, 2], [3],
                ])
            #expect(!longer.contains(#"href="/progress?range=4w" aria-current"#))
        }
    }

    @Test("Strength: one chart per exercise with its personal bests marked in the chart and the table")
    func strength() async throws {
        try await Self.withApp { web, dependencies, user in
            for (index, kilograms) in [100.0, 95, 110].enumerated() {
                try await dependencies.repository.addWorkout(
                    Workout(
                        userID: user.id, type: "strength", startedAt: Self.at("2026-11-\(10 + index * 2)T17:00:00Z"), durationMinutes: 50,
                        exercises: [
                            Workout.Exercise(name: "Deadlift <b>", sets: [Workout.ExerciseSet(reps: 1, weightKg: kilograms)]),
                            Workout.Exercise(name: "Plank", sets: [Workout.ExerciseSet(durationSeconds: 60)]),
                        ]))
            }
            let page = text(try await web.get("/progress").body)
            let table = try #require(Self.table("progress.table.strength", in: page))
            #expect(table.contains(#"<tr><th scope="row">10 Nov 2026</th><td>100 kg</td><td></td></tr>"#))
            #expect(table.contains(#"<tr class="pb"><th scope="row">14 Nov 2026</th><td>110 kg</td><td>personal best</td></tr>"#))
            #expect(attributeValues("class", testID: "progress.strength.pb", in: page) == ["chart-pb"])
            #expect(page.contains("Deadlift &lt;b&gt;: best estimated one-rep max 110 kg on 14 Nov"))
            #expect(!page.contains("Deadlift <b>"))
            #expect(!page.contains("Plank"))
            // Three sessions in the week of 9 November, against no target (no onboarding time slots).
            let training = try #require(Self.table("progress.table.training", in: page))
            #expect(training.contains(#"<th scope="row">9 Nov 2026</th><td>3</td><td>150</td>"#))
            #expect(training.contains(#"<th scope="row">23 Nov 2026 (so far)</th><td>0</td><td>0</td>"#))
            #expect(!page.contains("progress.training.targetLine"))
        }
    }

    @Test("Training is drawn against the number of time slots given at onboarding")
    func weeklyTarget() async throws {
        try await Self.withApp { web, dependencies, user in
            let slots = [2, 4, 6].map {
                WorkoutAvailabilityBlock(dayOfWeek: $0, startTime: TimeOfDay("7:00")!, endTime: TimeOfDay("8:00")!)
            }
            let persona = PersonaProfile(
                lifeContext: LifeSnapshotSelections(), coreAspiration: "Get stronger", structuredGoal: nil,
                coachingStyle: CoachingStylePreferences(
                    authoritativeDirect: 0.25, empatheticEncouraging: 0.25, analyticalPrecise: 0.25, playfulMotivating: 0.25),
                engagementPreference: .consistentBalanced, customEngagement: CustomEngagementSettings(), availability: slots,
                sleepSchedule: .default, motivationStyle: MotivationStyle(achievementStyle: .dataFocused, inactivityStyle: .gentleNudge),
                establishBaseline: false)
            let communication = CommunicationPreferences(
                coachingStyleBlend: persona.coachingStyle, achievementAcknowledgement: .dataFocused, inactivityResponse: .gentleNudge)
            let profile = try OnboardingProfile(userID: user.id, persona: persona, communication: communication)
            try await dependencies.repository.saveOnboarding(profile, user: user)
            try await dependencies.repository.addWorkout(
                Workout(userID: user.id, type: "run", startedAt: Self.at("2026-11-17T07:00:00Z"), durationMinutes: 30))
            let page = text(try await web.get("/progress").body)
            #expect(page.contains(#"data-testid="progress.training.targetLine""#))
            #expect(page.contains("Target 3"))
            #expect(page.contains("0 of 4 weeks reached your 3 sessions."))
        }
    }

    @Test("Nutrition: totals per day against the targets, only when meals are logged")
    func nutrition() async throws {
        try await Self.withApp { web, dependencies, user in
            var stored = try #require(try await dependencies.repository.user(id: user.id))
            stored.dailyCalorieTarget = 2000
            try await dependencies.repository.updateUser(stored)
            for (time, calories) in [("2026-11-20T11:00:00Z", 700.0), ("2026-11-20T18:00:00Z", 900), ("2026-11-21T12:00:00Z", 500)] {
                try await dependencies.repository.addFoodEntry(
                    FoodEntry(
                        userID: user.id, mealType: .lunch, loggedAt: Self.at(time),
                        items: [FoodItem(name: "rice", calories: calories, proteinGrams: 20)]))
            }
            let page = text(try await web.get("/progress").body)
            let table = try #require(Self.table("progress.table.nutrition", in: page))
            #expect(table.contains(#"<th scope="row">20 Nov 2026</th><td>1600 kcal</td><td>40 g</td>"#))
            #expect(table.contains(#"<th scope="row">21 Nov 2026</th><td>500 kcal</td><td>20 g</td>"#))
            #expect(page.contains("Target 2000 kcal"))
            #expect(page.contains("(your target is 2000 kcal)"))
        }
    }

    @Test(
        "The targets form refuses what is not a number in range, says why, keeps what was typed and saves nothing",
        arguments: [
            ("nan", "", "", "Goal weight must be a number from 20 to 400 kg."),
            ("1e400", "", "", "Goal weight must be a number from 20 to 400 kg."),
            ("-70", "", "", "Goal weight must be a number from 20 to 400 kg."),
            ("75", "1e400", "", "Daily calories must be a number from 800 to 8000"),
            ("75", "2000", "-5", "Daily protein must be a number of grams from 20 to 400"),
        ])
    func refusedTargets(goal: String, calories: String, protein: String, message: String) async throws {
        try await Self.withApp { web, dependencies, user in
            try await web.get("/progress")
            let response = try await web.post(
                "/progress/targets", [("goalWeight", goal), ("calories", calories), ("protein", protein), ("range", "3m")])
            #expect(response.status == .unprocessableContent)
            let page = text(response.body)
            #expect(page.contains(message))
            #expect(page.contains(#"role="alert" id="form-errors""#))
            #expect(page.contains(#"value="\#(goal)""#))
            #expect(page.contains("aria-invalid=\"true\""))
            let stored = try #require(try await dependencies.repository.user(id: user.id))
            #expect(stored.goalWeightKg == nil && stored.dailyCalorieTarget == nil && stored.dailyProteinTargetGrams == nil)
        }
    }

    @Test("Saving targets redirects to the same range with ?saved=1 and draws the goal line; empty fields clear them")
    func savedTargets() async throws {
        try await Self.withApp { web, dependencies, user in
            try await dependencies.repository.saveDailyLog(DailyLog(userID: user.id, day: "2026-11-20", weightKg: 80))
            try await web.get("/progress?range=3m")
            let saved = try await web.post(
                "/progress/targets", [("goalWeight", "75.5"), ("calories", "2200"), ("protein", "140"), ("range", "3m")])
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/progress?range=3m&saved=1")
            let stored = try #require(try await dependencies.repository.user(id: user.id))
            #expect(stored.goalWeightKg == 75.5 && stored.dailyCalorieTarget == 2200 && stored.dailyProteinTargetGrams == 140)
            let page = text(try await web.get("/progress?range=3m&saved=1").body)
            #expect(page.contains("Targets saved."))
            #expect(page.contains(#"data-testid="progress.weight.goalLine""#))
            #expect(page.contains("Goal 75.5 kg"))
            #expect(page.contains(#"value="75.5""#) && page.contains(#"value="2200""#))

            // A range the page never posts goes back to the default; a redirect never leaves the site.
            let odd = try await web.post(
                "/progress/targets", [("goalWeight", "75.5"), ("calories", ""), ("protein", "140"), ("range", "//evil.example")])
            #expect(odd.headers[.location] == "/progress?range=4w&saved=1")
            #expect(try await dependencies.repository.user(id: user.id)?.dailyCalorieTarget == nil)

            try await web.post("/progress/targets", [("goalWeight", ""), ("calories", ""), ("protein", "")])
            let cleared = try #require(try await dependencies.repository.user(id: user.id))
            #expect(cleared.goalWeightKg == nil && cleared.dailyProteinTargetGrams == nil)

            let forged = try await web.post("/progress/targets", [("goalWeight", "60")], withCSRF: false)
            #expect(forged.status == .forbidden)
            #expect(try await dependencies.repository.user(id: user.id)?.goalWeightKg == nil)
        }
    }

    @Test("In imperial units the goal weight is typed, drawn and shown in pounds and stored in kilograms")
    func imperialGoal() async throws {
        try await Self.withApp { web, dependencies, user in
            var stored = try #require(try await dependencies.repository.user(id: user.id))
            stored.preferredUnits = .imperial
            try await dependencies.repository.updateUser(stored)
            try await dependencies.repository.saveDailyLog(DailyLog(userID: user.id, day: "2026-11-20", weightKg: 80))
            let page = text(try await web.get("/progress").body)
            #expect(page.contains("Goal weight (lbs)"))
            #expect(page.contains("<td>176.4 lbs</td><td>176.4 lbs</td>"))
            let refused = try await web.post("/progress/targets", [("goalWeight", "900")])
            #expect(
                refused.status == .unprocessableContent && text(refused.body).contains("Goal weight must be a number from 45 to 881 lbs."))
            try await web.post("/progress/targets", [("goalWeight", "165")])
            let goal = try #require(try await dependencies.repository.user(id: user.id)?.goalWeightKg)
            #expect(abs(goal - 74.842_741_05) < 1e-6)
            let saved = text(try await web.get("/progress?saved=1").body)
            #expect(saved.contains(#"value="165""#) && saved.contains("Goal 165 lbs"))
            #expect(saved.contains("11.4 lbs to go to your goal of 165 lbs"))
        }
    }

    @Test("Only the layout's body and the progress charts' SVG are inserted unescaped")
    func trustedMarkup() {
        for (name, text) in EmbeddedFiles.templates {
            var rest = Substring(text)
            while let range = rest.range(of: "{{{") {
                let tag = rest[range.upperBound...].prefix { $0 != "}" }
                #expect(
                    (name == "layout" && tag == "body") || (["progress", "subscription"].contains(name) && tag == "svg"),
                    "\(name) inserts {{{\(tag)}}}")
                rest = rest[range.upperBound...]
            }
        }
        var chart = SVGChart(x: 0...1, y: 0...1)
        chart.xAxis([(0, #"<script>"&'"#)])
        chart.target(0.5, label: "</svg><img src=x>", style: "chart-goal")
        let markup = chart.markup(labelledBy: #"a" onload="x"#)
        #expect(!markup.contains("<script>") && !markup.contains("<img") && !markup.contains(#"" onload"#))
        #expect(markup.contains("&lt;script&gt;&quot;&amp;&#39;"))
        #expect(markup.hasPrefix(#"<svg class="chart" viewBox="0 0 360 180" width="100%""#))
    }
}
