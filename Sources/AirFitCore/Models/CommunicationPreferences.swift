import Foundation

/// How the coach communicates: the source of `communicationPreferences.json`.
public struct CommunicationPreferences: Codable, Sendable, Equatable {
    public var coachingStyleBlend: CoachingStylePreferences
    public var achievementAcknowledgement: AchievementStyle
    public var inactivityResponse: InactivityResponseStyle
    /// How often the coach reaches out ("Moderate" when unset).
    public var updateFrequency: String?
    /// How the coach celebrates, as free text ("Balanced" when unset).
    public var celebrationStyle: String?
    /// How the coach handles absences, as free text ("Gentle nudge" when unset).
    public var absenceResponse: String?
    /// The register of the coach's language ("Conversational" when unset).
    public var languageComplexity: String?

    /// Creates communication preferences.
    public init(
        coachingStyleBlend: CoachingStylePreferences, achievementAcknowledgement: AchievementStyle,
        inactivityResponse: InactivityResponseStyle, updateFrequency: String? = nil,
        celebrationStyle: String? = nil, absenceResponse: String? = nil, languageComplexity: String? = nil
    ) {
        self.coachingStyleBlend = coachingStyleBlend
        self.achievementAcknowledgement = achievementAcknowledgement
        self.inactivityResponse = inactivityResponse
        self.updateFrequency = updateFrequency
        self.celebrationStyle = celebrationStyle
        self.absenceResponse = absenceResponse
        self.languageComplexity = languageComplexity
    }
}
