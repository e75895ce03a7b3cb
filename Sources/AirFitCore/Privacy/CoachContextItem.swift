import Foundation

/// The allowlist of personal context an LLM request may carry: every request's personal part (chat, goal
/// analysis, persona preview, later features) is built from these items and nothing else. Never sent: the email,
/// account ids, height, weight and coordinates.
public enum CoachContextItem: String, CaseIterable, Codable, Sendable {
    /// Nickname or name.
    case name
    /// The life-snapshot answers (busy professional, parent, …).
    case lifeContext
    /// The goal in the person's words and its structured form.
    case goal
    /// The coaching style blend, engagement and motivation preferences.
    case coachingStyle
    /// Weekly availability and sleep times.
    case scheduleAndSleep
    /// A summary of the last 7 days of workouts, meals and check-ins, and the `getRecentActivity` tool.
    case recentActivity
    /// The saved location's name and its weather, and the `getWeather` tool.
    case weatherLocation
    /// The local time and time zone, and the unit system.
    case timeAndUnits
    /// The conversation: recent messages and what the coach's tools answered.
    case conversation

    /// The switch's label.
    public var title: String {
        switch self {
        case .name: return "Your name"
        case .lifeContext: return "Life context"
        case .goal: return "Your goal"
        case .coachingStyle: return "Coaching style"
        case .scheduleAndSleep: return "Schedule and sleep"
        case .recentActivity: return "Recent activity"
        case .weatherLocation: return "Weather location"
        case .timeAndUnits: return "Local time and units"
        case .conversation: return "The conversation"
        }
    }

    /// What exactly is sent.
    public var detail: String {
        switch self {
        case .name: return "Your nickname, so the coach can address you."
        case .lifeContext: return "What you picked about your life right now (for example busy professional, parent)."
        case .goal: return "Your goal in your words and as the coach understood it."
        case .coachingStyle: return "The style blend, engagement and motivation choices that make your coach who it is."
        case .scheduleAndSleep: return "Your usual workout times, bedtime and wake time."
        case .recentActivity:
            return "A summary of the last 7 days of workouts, meals and check-ins, and looking them up; your plan and its suggestions."
        case .weatherLocation: return "The name of your saved location and its weather."
        case .timeAndUnits: return "Your local time, time zone and unit system."
        case .conversation: return "Your recent messages, the coach's replies and what its tools answered."
        }
    }

    /// Whether a person can leave the item out (the rest is what makes a coach at all).
    public var canBeLeftOut: Bool {
        switch self {
        case .name, .lifeContext, .scheduleAndSleep, .recentActivity, .weatherLocation: return true
        case .goal, .coachingStyle, .timeAndUnits, .conversation: return false
        }
    }

    /// The names of the coach's tools that read this item's data.
    public var toolNames: [String] {
        switch self {
        case .recentActivity: return ["getRecentActivity", "updateEntry", "deleteEntry", "proposePlanChange"]
        case .weatherLocation: return ["getWeather"]
        default: return []
        }
    }
}

/// One person's choices over ``CoachContextItem``: what is left out of every request.
public struct CoachContextPolicy: Sendable, Equatable {
    /// The items left out (only those that can be).
    public let excluded: Set<CoachContextItem>

    /// The policy `user` chose.
    public init(user: User) {
        self.init(excluded: Set((user.coachContextExclusions ?? []).compactMap(CoachContextItem.init(rawValue:))))
    }

    /// A policy leaving out `excluded` (items that cannot be left out are ignored).
    public init(excluded: Set<CoachContextItem>) {
        self.excluded = excluded.filter(\.canBeLeftOut)
    }

    /// Whether `item` goes into requests.
    public func shares(_ item: CoachContextItem) -> Bool { !excluded.contains(item) }

    /// The tool names requests must not offer.
    public var withheldTools: Set<String> { Set(excluded.flatMap(\.toolNames)) }

    /// `user` as requests may see it: without a name when the name is left out.
    public func redacting(_ user: User) -> User {
        guard !shares(.name) else { return user }
        var user = user
        user.name = ""
        user.nickname = nil
        return user
    }

    /// `persona` as requests may see it: life context and schedule emptied when left out.
    public func redacting(_ persona: PersonaProfile) -> PersonaProfile {
        var persona = persona
        if !shares(.lifeContext) { persona.lifeContext = LifeSnapshotSelections() }
        if !shares(.scheduleAndSleep) { persona.availability = [] }
        return persona
    }

    /// `context` without what is left out.
    public func filtering(_ context: PromptContext) -> PromptContext {
        var context = context
        if !shares(.recentActivity) { context.recentActivity = [] }
        if !shares(.weatherLocation) { context.weather = nil }
        context.tools.removeAll { withheldTools.contains($0.name) }
        return context
    }
}
