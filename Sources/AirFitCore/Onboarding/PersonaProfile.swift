import Foundation

/// Everything the Persona Blueprint Flow collected: the source of `persona_profile.json`.
public struct PersonaProfile: Codable, Sendable, Equatable {
    public var lifeContext: LifeSnapshotSelections
    public var coreAspiration: String
    public var structuredGoal: StructuredGoal?
    public var coachingStyle: CoachingStylePreferences
    public var engagementPreference: EngagementPreset
    public var customEngagement: CustomEngagementSettings
    public var availability: [WorkoutAvailabilityBlock]
    public var sleepSchedule: SleepSchedule
    public var motivationStyle: MotivationStyle
    public var establishBaseline: Bool

    /// Creates a persona profile.
    public init(
        lifeContext: LifeSnapshotSelections, coreAspiration: String, structuredGoal: StructuredGoal?,
        coachingStyle: CoachingStylePreferences, engagementPreference: EngagementPreset,
        customEngagement: CustomEngagementSettings, availability: [WorkoutAvailabilityBlock],
        sleepSchedule: SleepSchedule, motivationStyle: MotivationStyle, establishBaseline: Bool
    ) {
        self.lifeContext = lifeContext
        self.coreAspiration = coreAspiration
        self.structuredGoal = structuredGoal
        self.coachingStyle = coachingStyle
        self.engagementPreference = engagementPreference
        self.customEngagement = customEngagement
        self.availability = availability
        self.sleepSchedule = sleepSchedule
        self.motivationStyle = motivationStyle
        self.establishBaseline = establishBaseline
    }
}
