public import Foundation

extension OnboardingProfile {
    /// A copy with new achievement and inactivity styles written into both the persona and the
    /// communication preferences; id and creation date stay, `updatedAt` becomes `now`.
    ///
    /// Save the result with `saveOnboarding` so both documents change in one transaction.
    /// - Throws: A decoding error when the stored documents cannot be read.
    public func updatingMotivation(_ motivation: MotivationStyle, now: Date = Date()) throws -> OnboardingProfile {
        var persona = try persona()
        persona.motivationStyle = motivation
        var communication = try communicationPreferences()
        communication.achievementAcknowledgement = motivation.achievementStyle
        communication.inactivityResponse = motivation.inactivityStyle
        communication.celebrationStyle = motivation.achievementStyle.displayName
        communication.absenceResponse = motivation.inactivityStyle.displayName
        return try OnboardingProfile(
            id: id, userID: userID, persona: persona, communication: communication, createdAt: createdAt, updatedAt: now)
    }
}
