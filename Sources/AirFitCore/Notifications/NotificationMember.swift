public import Foundation

/// What the planner needs to know about one member to decide what the coach sends them.
public struct NotificationMember: Sendable {
    /// The member (settings, time zone, quiet hours).
    public let user: User
    /// Bedtime and wake time from onboarding, when known.
    public let sleep: SleepSchedule?
    /// How the member asked to be re-engaged (from onboarding); `gentle` when unknown.
    public let inactivityStyle: InactivityResponseStyle
    /// The member's latest log or chat (or when they joined).
    public let lastActivity: Date
    /// The plan changes waiting for the member's review, newest first.
    public let pendingRecommendations: [UUID]
    /// How the member likes wins acknowledged (from onboarding); `subtle` when unknown.
    public var achievementStyle: AchievementStyle = .subtleAffirming
    /// The member's training plan, for workout reminders.
    public var plan: TrainingPlan?
    /// The training times from onboarding, for workout reminders when there is no plan.
    public var availability: [SessionSlot] = []
    /// The member's workouts of the last year, newest first (streaks, personal bests, reminders already done).
    public var workouts: [Workout] = []
    /// When the member logged meals in the last two days.
    public var mealTimes: [Date] = []
    /// The local days ("2026-11-24") with any log in the last two months.
    public var loggedDays: Set<String> = []
    /// The weights the member logged in the last year, oldest first (kilograms), for goal milestones.
    public var weights: [Double] = []

    /// Creates the facts.
    public init(
        user: User, sleep: SleepSchedule?, inactivityStyle: InactivityResponseStyle, lastActivity: Date, pendingRecommendations: [UUID]
    ) {
        self.user = user
        self.sleep = sleep
        self.inactivityStyle = inactivityStyle
        self.lastActivity = lastActivity
        self.pendingRecommendations = pendingRecommendations
    }

    /// The member's zone (UTC when the stored id is unknown).
    public var timeZone: TimeZone { TimeZone(identifier: user.timeZone) ?? .gmt }

    /// When the member can be reached.
    public var window: DeliveryWindow { DeliveryWindow(quietHours: user.quietHours, sleep: sleep, timeZone: timeZone) }
}
