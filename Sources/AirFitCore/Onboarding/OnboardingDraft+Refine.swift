import Foundation

extension OnboardingDraft {
    /// A draft holding the answers behind a saved persona, on the "Coach Profile Ready" screen, so the
    /// flow's `refine` event walks the questions again with everything filled in.
    ///
    /// - Parameters:
    ///   - persona: The saved persona profile.
    ///   - preferredUnits: The person's current units (asked on the motivation screen).
    public init(refining persona: PersonaProfile, preferredUnits: MeasurementSystem) {
        self.init()
        screen = .coachProfileReady
        lifeSnapshot = persona.lifeContext
        (aspirationCard, aspirationText) = Self.aspiration(from: persona.coreAspiration)
        structuredGoal = persona.structuredGoal
        coachingStyle = persona.coachingStyle
        engagement = persona.engagementPreference
        customEngagement = persona.customEngagement
        availability = persona.availability
        sleep = persona.sleepSchedule
        achievementStyle = persona.motivationStyle.achievementStyle
        inactivityStyle = persona.motivationStyle.inactivityStyle
        establishBaseline = persona.establishBaseline
        self.preferredUnits = preferredUnits
    }

    /// The card and words behind `coreAspiration`: the inverse of `OnboardingDraft.coreAspiration`
    /// ("Card", "Card: words", or the person's own words).
    static func aspiration(from text: String) -> (AspirationCard?, String) {
        for card in AspirationCard.allCases where card != .custom {
            if text == card.displayName { return (card, "") }
            if text.hasPrefix(card.displayName + ": ") { return (card, String(text.dropFirst(card.displayName.count + 2))) }
        }
        return text.isEmpty ? (nil, "") : (.custom, text)
    }
}
