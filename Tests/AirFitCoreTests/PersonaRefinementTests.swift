import Foundation
import Testing

@testable import AirFitCore

@Suite("Persona refinement and communication edits")
struct PersonaRefinementTests {
    /// A finished draft: every screen answered, generation done.
    private static func finished(card: AspirationCard?, text: String) -> OnboardingDraft {
        var draft = OnboardingDraft()
        draft.screen = .coachProfileReady
        draft.lifeSnapshot.parentCaregiver = true
        draft.lifeSnapshot.workFromHome = true
        draft.aspirationCard = card
        draft.aspirationText = text
        draft.structuredGoal = card?.structuredGoal ?? LocalGoalAnalyzer.analyze(text)
        draft.coachingStyle = CoachingStylePreferences(
            authoritativeDirect: 0.125, empatheticEncouraging: 0.25, analyticalPrecise: 0.5, playfulMotivating: 0.125)
        draft.engagement = .custom
        draft.customEngagement = CustomEngagementSettings(detailedTracking: true, dailyInsights: false, autoRecoveryAdjust: true)
        draft.availability = [WorkoutAvailabilityBlock(dayOfWeek: 3, startTime: TimeOfDay("06:15")!, endTime: TimeOfDay("07:00")!)]
        draft.sleep = SleepSchedule(bedtime: TimeOfDay("23:00")!, wakeTime: TimeOfDay("07:15")!, rhythm: .weekendsDifferent)
        draft.achievementStyle = .privateReflection
        draft.inactivityStyle = .waitForMe
        draft.establishBaseline = false
        draft.preferredUnits = .metric
        return draft
    }

    @Test(
        "A saved persona turns back into the answers that made it",
        arguments: [
            (AspirationCard?.some(.endurance), ""), (.some(.loseWeight), "before the wedding: in June"),
            (.some(.custom), "Climb Kilimanjaro"),
            (nil, "Walk 10k steps"),
        ])
    func roundTrip(card: AspirationCard?, text: String) {
        let original = Self.finished(card: card, text: text)
        let persona = PersonaSynthesis.profile(from: original)
        let refined = OnboardingDraft(refining: persona, preferredUnits: .metric)
        #expect(refined.screen == .coachProfileReady)
        #expect(PersonaSynthesis.profile(from: refined) == persona)
        #expect(refined.coreAspiration == original.coreAspiration)
        #expect(refined.preferredUnits == .metric)
        if let card, card != .custom { #expect(refined.aspirationCard == card) }
    }

    @Test("Refine from a saved persona starts at the first question with the answers filled in")
    func refine() {
        let persona = PersonaSynthesis.profile(from: Self.finished(card: .strengthTone, text: ""))
        var flow = OnboardingFlow(draft: OnboardingDraft(refining: persona, preferredUnits: .imperial))
        #expect(flow.handle(.refine) == [.persistDraft, .show(.lifeSnapshot)])
        #expect(flow.draft.lifeSnapshot == persona.lifeContext)
        #expect(flow.draft.aspirationCard == .strengthTone)
        // Straight through without changes gives the same persona.
        while flow.screen != .generatingCoach { _ = flow.handle(.next) }
        _ = flow.handle(.generationSucceeded(AspirationCard.strengthTone.structuredGoal!))
        #expect(PersonaSynthesis.profile(from: flow.draft) == persona)
    }

    @Test("Changing the motivation styles rewrites both documents and keeps identity")
    func updatingMotivation() throws {
        let persona = PersonaSynthesis.profile(from: Self.finished(card: .endurance, text: ""))
        var communication = PersonaSynthesis.communicationPreferences(from: persona)
        communication.languageComplexity = "Plain"
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        let profile = try OnboardingProfile(
            userID: UUID(), persona: persona, communication: communication, createdAt: created, updatedAt: created)
        let later = created.addingTimeInterval(3600)
        let motivation = MotivationStyle(achievementStyle: .enthusiasticCelebration, inactivityStyle: .motivationalPush)
        let updated = try profile.updatingMotivation(motivation, now: later)
        #expect(updated.id == profile.id)
        #expect(updated.userID == profile.userID)
        #expect(updated.createdAt == created)
        #expect(updated.updatedAt == later)
        var expectedPersona = persona
        expectedPersona.motivationStyle = motivation
        #expect(try updated.persona() == expectedPersona)
        let prefs = try updated.communicationPreferences()
        #expect(prefs.achievementAcknowledgement == .enthusiasticCelebration)
        #expect(prefs.inactivityResponse == .motivationalPush)
        #expect(prefs.celebrationStyle == "Enthusiastic Celebration")
        #expect(prefs.absenceResponse == "Motivational Push")
        #expect(prefs.languageComplexity == "Plain")
        #expect(prefs.coachingStyleBlend == communication.coachingStyleBlend)
    }
}
