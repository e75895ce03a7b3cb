import Foundation
import Testing

@testable import AirFitCore

@Suite("Onboarding flow")
struct OnboardingFlowTests {
    /// A flow advanced to `screen` with valid answers on every earlier screen.
    static func flow(at screen: OnboardingScreen) -> OnboardingFlow {
        var flow = OnboardingFlow()
        flow.draft.lifeSnapshot.busyProfessional = true
        flow.draft.aspirationCard = .endurance
        _ = flow.handle(.begin)
        while flow.screen != screen {
            let actions = flow.handle(.next)
            precondition(!actions.contains { if case .showIssues = $0 { return true } else { return false } }, "\(actions)")
        }
        return flow
    }

    @Test("Begin leads from the opening screen to the life snapshot and saves the draft")
    func begin() {
        var flow = OnboardingFlow()
        #expect(flow.handle(.begin) == [.persistDraft, .show(.lifeSnapshot)])
        #expect(flow.screen == .lifeSnapshot)
    }

    @Test("Next walks the screens in the spec's order and ends in generation")
    func order() {
        var flow = Self.flow(at: .lifeSnapshot)
        var visited: [OnboardingScreen] = [flow.screen]
        var last: [OnboardingFlow.Action] = []
        while flow.screen != .generatingCoach {
            last = flow.handle(.next)
            visited.append(flow.screen)
        }
        #expect(visited == Array(OnboardingScreen.allCases.dropFirst().dropLast()))
        #expect(last == [.persistDraft, .show(.generatingCoach), .generate(analyzeGoal: false)])
    }

    @Test("Back returns to the previous screen, and from the first question to the opening")
    func back() {
        var flow = Self.flow(at: .sleepAndBoundaries)
        #expect(flow.handle(.back) == [.persistDraft, .show(.typicalAvailability)])
        var first = Self.flow(at: .lifeSnapshot)
        _ = first.handle(.back)
        #expect(first.screen == .openingScreen)
    }

    @Test("An empty life snapshot stays on the screen with a message")
    func lifeSnapshotRequired() {
        var flow = OnboardingFlow()
        _ = flow.handle(.begin)
        let actions = flow.handle(.next)
        #expect(
            actions == [
                .showIssues([
                    ValidationIssue(field: "lifeSnapshot", message: "Choose at least one option that describes your life right now.")
                ])
            ])
        #expect(flow.screen == .lifeSnapshot)
    }

    @Test(
        "The aspiration needs a card or words",
        arguments: [
            (AspirationCard?.none, "", "Pick the goal that matters most to you, or describe your own."),
            (AspirationCard?.some(.custom), "   ", "Describe your goal in a few words, or pick one of the cards."),
        ])
    func aspirationRequired(card: AspirationCard?, text: String, message: String) {
        var draft = OnboardingDraft()
        draft.aspirationCard = card
        draft.aspirationText = text
        #expect(OnboardingValidation.issues(on: .coreAspiration, in: draft) == [ValidationIssue(field: "aspiration", message: message)])
    }

    @Test("Free text asks for goal analysis; a card does not and fills the goal itself")
    func goalAnalysisDecision() {
        var flow = Self.flow(at: .coreAspiration)
        flow.draft.aspirationCard = nil
        flow.draft.aspirationText = "Run a sub-2h half marathon by October"
        #expect(flow.draft.needsGoalAnalysis)
        var carded = Self.flow(at: .coreAspiration)
        carded.draft.aspirationCard = .loseWeight
        _ = carded.handle(.next)
        #expect(carded.draft.structuredGoal?.goalType == "weight_loss")
        #expect(carded.draft.structuredGoal?.source == .card)
    }

    @Test("The style blend is normalized to 100% when leaving the screen; all zero is refused")
    func styleBlend() {
        var flow = Self.flow(at: .coachingStyle)
        flow.draft.coachingStyle = CoachingStylePreferences(
            authoritativeDirect: 0, empatheticEncouraging: 0, analyticalPrecise: 0, playfulMotivating: 0)
        #expect(flow.handle(.next).count == 1)
        flow.draft.coachingStyle = CoachingStylePreferences(
            authoritativeDirect: 0.5, empatheticEncouraging: 0.5, analyticalPrecise: 0.5, playfulMotivating: 0.5)
        _ = flow.handle(.next)
        #expect(flow.screen == .engagementPreferences)
        #expect(flow.draft.coachingStyle.isValid)
        #expect(abs(flow.draft.coachingStyle.authoritativeDirect - 0.25) < 0.0001)
    }

    @Test("Availability: end after start, no overlaps, a real day; an empty list may be skipped")
    func availability() throws {
        let t = { (text: String) in TimeOfDay(text)! }
        #expect(OnboardingValidation.availabilityIssues([]).isEmpty)
        let bad = [
            WorkoutAvailabilityBlock(dayOfWeek: 2, startTime: t("07:00"), endTime: t("06:00")),
            WorkoutAvailabilityBlock(dayOfWeek: 3, startTime: t("07:00"), endTime: t("08:00")),
            WorkoutAvailabilityBlock(dayOfWeek: 3, startTime: t("07:30"), endTime: t("09:00")),
            WorkoutAvailabilityBlock(dayOfWeek: 9, startTime: t("07:00"), endTime: t("08:00")),
        ]
        let issues = OnboardingValidation.availabilityIssues(bad)
        #expect(issues.map(\.field) == ["availability[0]", "availability[2]", "availability[3]"])
        #expect(
            issues[0].message
                == "On Monday, 7:00 AM – 6:00 AM (overnight) would run 23 hours past midnight. Check the times: a slot can run past midnight for up to 12 hours."
        )
        #expect(issues[1].message.contains("overlaps 7:00 AM – 8:00 AM"))
    }

    @Test("Sleep: bedtime and wake time must differ and give a plausible night")
    func sleep() {
        var draft = OnboardingDraft()
        draft.sleep = SleepSchedule(bedtime: TimeOfDay("23:00")!, wakeTime: TimeOfDay("23:00")!, rhythm: .consistent)
        #expect(
            OnboardingValidation.issues(on: .sleepAndBoundaries, in: draft).first?.message == "Bedtime and wake time can't be the same.")
        draft.sleep = SleepSchedule(bedtime: TimeOfDay("23:00")!, wakeTime: TimeOfDay("00:30")!, rhythm: .consistent)
        #expect(OnboardingValidation.issues(on: .sleepAndBoundaries, in: draft).count == 1)
        draft.sleep = .default
        #expect(OnboardingValidation.issues(on: .sleepAndBoundaries, in: draft).isEmpty)
    }

    @Test("Maybe later saves the draft and leaves; resume returns to the same screen")
    func skipAndResume() throws {
        var flow = Self.flow(at: .engagementPreferences)
        let now = Date(timeIntervalSince1970: 1_000)
        #expect(flow.handle(.skip, now: now) == [.persistDraft, .leave])
        #expect(flow.draft.skippedAt == now)
        // The draft survives a restart as JSON.
        let data = try JSONCoding.encoder.encode(flow.draft)
        var resumed = OnboardingFlow(draft: try JSONCoding.decoder.decode(OnboardingDraft.self, from: data))
        #expect(resumed.handle(.resume) == [.show(.engagementPreferences)])
        #expect(resumed.draft.skippedAt == nil)
        #expect(resumed.draft.lifeSnapshot.busyProfessional)
    }

    @Test("A flow interrupted while generating resumes on the last question")
    func resumeWhileGenerating() {
        var flow = Self.flow(at: .generatingCoach)
        #expect(flow.handle(.resume) == [.persistDraft, .show(.motivationAndCheckins)])
    }

    @Test("Generation success shows the ready screen; failure returns with the reason")
    func generation() {
        var flow = Self.flow(at: .generatingCoach)
        let goal = StructuredGoal(goalType: "endurance", primaryMetric: "distance", source: .local)
        #expect(flow.handle(.generationSucceeded(goal)) == [.persistDraft, .show(.coachProfileReady)])
        #expect(flow.draft.structuredGoal == goal)
        var failing = Self.flow(at: .generatingCoach)
        #expect(
            failing.handle(.generationFailed("Could not save")) == [
                .persistDraft, .show(.motivationAndCheckins), .showError("Could not save"),
            ])
    }

    @Test("Ready: refine goes back to the first question keeping answers; begin completes")
    func ready() {
        var flow = Self.flow(at: .generatingCoach)
        _ = flow.handle(.generationSucceeded(StructuredGoal(goalType: "x", primaryMetric: "y")))
        var refining = flow
        _ = refining.handle(.refine)
        #expect(refining.screen == .lifeSnapshot && refining.draft.lifeSnapshot.busyProfessional)
        #expect(flow.handle(.finish) == [.complete])
    }

    @Test("Events that make no sense on a screen change nothing")
    func ignoredEvents() {
        var flow = Self.flow(at: .generatingCoach)
        let before = flow
        #expect(flow.handle(.next) == [.show(.generatingCoach)])
        #expect(flow.handle(.skip) == [.show(.generatingCoach)])
        #expect(flow.handle(.finish) == [.show(.generatingCoach)])
        #expect(flow == before)
    }
}

@Suite("Persona synthesis")
struct PersonaSynthesisTests {
    @Test(
        "The style sentence names the lead, a secondary above 20% and small touches",
        arguments: [
            (
                CoachingStylePreferences(
                    authoritativeDirect: 0.1, empatheticEncouraging: 0.5, analyticalPrecise: 0.3, playfulMotivating: 0.1),
                "Your coach leads with warm, empathetic encouragement, backed by clear explanations of the numbers, with a touch of directness and playfulness."
            ),
            (
                CoachingStylePreferences(
                    authoritativeDirect: 0.85, empatheticEncouraging: 0.15, analyticalPrecise: 0, playfulMotivating: 0),
                "Your coach leads with direct, authoritative guidance, with a touch of warmth."
            ),
            (
                CoachingStylePreferences(authoritativeDirect: 0, empatheticEncouraging: 0, analyticalPrecise: 0, playfulMotivating: 1),
                "Your coach leads with playful, provocative motivation."
            ),
        ])
    func styleSentence(blend: CoachingStylePreferences, expected: String) {
        #expect(PersonaSynthesis.styleSentence(blend) == expected)
    }

    @Test("The summary carries the boundaries, tags and baseline toggle")
    func summary() {
        var flow = OnboardingFlowTests.flow(at: .motivationAndCheckins)
        flow.draft.inactivityStyle = .waitForMe
        flow.draft.coachingStyle = CoachingStylePreferences(
            authoritativeDirect: 1, empatheticEncouraging: 3, analyticalPrecise: 0, playfulMotivating: 0)
        let persona = PersonaSynthesis.profile(from: flow.draft)
        let summary = PersonaSynthesis.summary(of: persona)
        #expect(summary.styleTags == ["Encouraging", "Authoritative"])
        #expect(summary.boundaries[0] == "No notifications between 10:30 PM and 6:30 AM.")
        #expect(summary.boundaries[1] == "If you go quiet, your coach waits until you are back.")
        #expect(summary.establishBaseline)
        #expect(summary.aspiration == "Improve Endurance")
        #expect(persona.coachingStyle.isValid)
        let prefs = PersonaSynthesis.communicationPreferences(from: persona)
        #expect(prefs.absenceResponse == "Wait for Me" && prefs.inactivityResponse == .waitForMe)
    }
}
