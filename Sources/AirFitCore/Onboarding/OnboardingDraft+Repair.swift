import Foundation

extension OnboardingDraft {
    /// Puts every answer that fails its field check back into a state the screens can show, and says what changed.
    ///
    /// A stored draft is never trusted as it is: one written by an older version, edited by hand, or saved by
    /// "Back" before this rule existed may hold a 60,000-character goal or a style weight of 1e306. Used when a
    /// draft is loaded and when "Back" leaves a screen (which saves only answers that pass the checks of "Next").
    /// - Returns: one sentence per repaired answer, for the person; empty when nothing changed.
    @discardableResult
    public mutating func repair() -> [String] {
        var notes: [String] = []
        aspirationText = TextInput.clean(aspirationText)
        if aspirationText.count > OnboardingValidation.maximumAspirationLength {
            aspirationText = String(aspirationText.prefix(OnboardingValidation.maximumAspirationLength))
            notes.append(
                "Your goal was longer than \(OnboardingValidation.maximumAspirationLength) characters; the start of it was kept.")
        }
        let weights = CoachingStylePreferences.Style.allCases.map { coachingStyle[$0] }
        if weights.contains(where: { FiniteNumber.checked($0, in: 0...OnboardingValidation.maximumStyleWeight) == nil }) {
            coachingStyle = CoachingStylePreferences()
            notes.append("A coaching style value could not be used; the sliders are back at their starting points.")
        }
        let validBlocks = Self.validAvailability(availability)
        if validBlocks.count != availability.count {
            availability = validBlocks
            notes.append("Time slots that could not be used were removed from your availability.")
        }
        return notes
    }

    /// The blocks in order that pass the availability checks together (at most the maximum, none overlapping).
    private static func validAvailability(_ blocks: [WorkoutAvailabilityBlock]) -> [WorkoutAvailabilityBlock] {
        var kept: [WorkoutAvailabilityBlock] = []
        for block in blocks where kept.count < OnboardingValidation.maximumAvailabilityBlocks {
            if OnboardingValidation.availabilityIssues(kept + [block]).isEmpty { kept.append(block) }
        }
        return kept
    }
}
