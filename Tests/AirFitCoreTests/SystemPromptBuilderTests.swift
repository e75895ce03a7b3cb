import Foundation
import Testing

@testable import AirFitCore

@Suite("System prompt builder")
struct SystemPromptBuilderTests {
    static let snapshotFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Snapshots")

    static let tools = [
        ToolDescription(name: "logWorkout", summary: "Log a completed workout."),
        ToolDescription(name: "logMeal", summary: "Log a meal with its items."),
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var user: User
        var persona: PersonaProfile
        var context: PromptContext
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let t = { (text: String) in TimeOfDay(text)! }
        var drillSergeant = OnboardingDraft()
        drillSergeant.lifeSnapshot.shiftWorker = true
        drillSergeant.aspirationCard = .strengthTone
        drillSergeant.coachingStyle = .init(
            authoritativeDirect: 0.9, empatheticEncouraging: 0, analyticalPrecise: 0.1, playfulMotivating: 0)
        drillSergeant.inactivityStyle = .motivationalPush
        drillSergeant.achievementStyle = .dataFocused
        drillSergeant.sleep = SleepSchedule(bedtime: t("08:00"), wakeTime: t("15:30"), rhythm: .highlyVariable)
        drillSergeant.availability = [
            WorkoutAvailabilityBlock(
                id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, dayOfWeek: 2, startTime: t("17:00"), endTime: t("18:00"))
        ]
        drillSergeant.establishBaseline = false

        var gentle = OnboardingDraft()
        gentle.lifeSnapshot.parentCaregiver = true
        gentle.lifeSnapshot.recovering = true
        gentle.aspirationText = "Walk my dog for 30 minutes without knee pain by spring"
        gentle.structuredGoal = StructuredGoal(
            goalType: "recovery", primaryMetric: "pain_free_walking_minutes", timeframe: "by spring", specificTarget: "30 minutes",
            whyImportant: "to enjoy walks again", source: .llm)
        gentle.coachingStyle = .init(authoritativeDirect: 0, empatheticEncouraging: 0.7, analyticalPrecise: 0.1, playfulMotivating: 0.2)
        gentle.inactivityStyle = .waitForMe
        gentle.engagement = .guidanceOnDemand

        var analyst = OnboardingDraft()
        analyst.lifeSnapshot.busyProfessional = true
        analyst.lifeSnapshot.travelFrequently = true
        analyst.aspirationCard = .performance
        analyst.coachingStyle = .init(authoritativeDirect: 0.2, empatheticEncouraging: 0.1, analyticalPrecise: 0.5, playfulMotivating: 0.2)
        analyst.engagement = .custom
        analyst.customEngagement = CustomEngagementSettings(detailedTracking: true, dailyInsights: false, autoRecoveryAdjust: true)
        analyst.preferredUnits = .metric

        let id = UUID(uuidString: "11111111-2222-3333-4444-555555555555")!
        return [
            Case(
                name: "drill-sergeant", user: User(id: id, name: "Sam", timeZone: "America/Chicago"),
                persona: PersonaSynthesis.profile(from: drillSergeant), context: PromptContext(now: now, tools: tools)),
            Case(
                name: "gentle-recovery", user: User(id: id, name: "Priya", nickname: "Pri", timeZone: "Europe/London"),
                persona: PersonaSynthesis.profile(from: gentle),
                context: PromptContext(now: now, weather: "Light rain, 9°C, wind 14 km/h.", recentActivity: [], tools: [])),
            Case(
                name: "analyst", user: User(id: id, name: "Kenji", preferredUnits: .metric, timeZone: "Asia/Tokyo"),
                persona: PersonaSynthesis.profile(from: analyst),
                context: PromptContext(
                    now: now, weather: "Clear, 18°C.",
                    recentActivity: [
                        "3 workouts in the last 7 days (run 5 km, strength 45 min, run 8 km).", "Yesterday: 2,150 kcal logged.",
                    ],
                    tools: tools)),
        ]
    }()

    @Test("Three very different personas produce their snapshot prompts", arguments: cases)
    func snapshot(_ testCase: Case) throws {
        let prompt = try SystemPromptBuilder().build(user: testCase.user, persona: testCase.persona, context: testCase.context)
        let file = Self.snapshotFolder.appendingPathComponent("system-prompt-\(testCase.name).txt")
        if ProcessInfo.processInfo.environment["AIRFIT_RECORD_SNAPSHOTS"] == "1" {
            try prompt.text.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(prompt.text == expected)
    }

    @Test("The prompt is deterministic and carries the persona's rules")
    func deterministic() throws {
        let testCase = Self.cases[1]
        let builder = SystemPromptBuilder()
        let first = try builder.build(user: testCase.user, persona: testCase.persona, context: testCase.context)
        let second = try builder.build(user: testCase.user, persona: testCase.persona, context: testCase.context)
        #expect(first == second)
        #expect(first.text.contains("do not chase them"))
        #expect(first.text.contains("between 22:30 and 06:30"))
        #expect(first.text.contains("not a medical professional"))
        #expect(first.text.contains("Weather: Light rain"))
        #expect(first.warning == nil)
        #expect(first.estimatedTokens == (first.text.count + 3) / 4)
    }

    @Test("A person without a name is never called \"there\" in the prompt")
    func unnamed() throws {
        let persona = PersonaSynthesis.profile(from: OnboardingDraft())
        let prompt = try SystemPromptBuilder().build(user: User(name: " "), persona: persona, context: PromptContext(now: Date()))
        #expect(prompt.text.contains("You are AirFit Coach, this person's personal fitness coach."))
        #expect(prompt.text.contains("only discuss their own data with them."))
        #expect(!prompt.text.contains("there"))
    }

    @Test("A very large prompt carries a size warning")
    func warning() throws {
        var testCase = Self.cases[2]
        testCase.context.recentActivity = Array(repeating: String(repeating: "workout ", count: 50), count: 100)
        let prompt = try SystemPromptBuilder().build(user: testCase.user, persona: testCase.persona, context: testCase.context)
        #expect(prompt.estimatedTokens > SystemPrompt.warningThreshold)
        #expect(prompt.warning?.contains("over 8000") == true)
    }
}
