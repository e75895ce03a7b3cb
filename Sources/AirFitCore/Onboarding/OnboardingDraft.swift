public import Foundation

/// Everything entered so far in the Persona Blueprint Flow; persisted so a half-finished flow resumes.
public struct OnboardingDraft: Codable, Sendable, Equatable {
    /// The screen the person was on.
    public var screen: OnboardingScreen = .openingScreen
    public var lifeSnapshot = LifeSnapshotSelections()
    /// The chosen aspiration card (`custom` means the text describes it).
    public var aspirationCard: AspirationCard?
    public var aspirationText = ""
    /// The analysed goal, once generation ran.
    public var structuredGoal: StructuredGoal?
    public var coachingStyle = CoachingStylePreferences()
    public var engagement: EngagementPreset = .dataDrivenPartnership
    public var customEngagement = CustomEngagementSettings()
    public var availability: [WorkoutAvailabilityBlock] = []
    public var sleep: SleepSchedule = .default
    public var achievementStyle: AchievementStyle = .subtleAffirming
    public var inactivityStyle: InactivityResponseStyle = .gentleNudge
    public var establishBaseline = true
    public var preferredUnits: MeasurementSystem = .imperial
    /// When the person chose "Maybe later" (nil while in progress).
    public var skippedAt: Date?

    /// An empty draft on the opening screen.
    public init() {}

    /// The aspiration as the coach should read it: the card's name or the person's own words.
    public var coreAspiration: String {
        let text = aspirationText.trimmingCharacters(in: .whitespacesAndNewlines)
        if let card = aspirationCard, card != .custom { return text.isEmpty ? card.displayName : "\(card.displayName): \(text)" }
        return text
    }

    /// Whether goal analysis (LLM call 1) is needed: a custom aspiration in the person's own words.
    public var needsGoalAnalysis: Bool {
        (aspirationCard == nil || aspirationCard == .custom)
            && !aspirationText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}
