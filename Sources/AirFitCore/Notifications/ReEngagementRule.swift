public import Foundation

/// When the coach reaches out to a member who has gone quiet, and when the member counts as inactive.
///
/// After three full days (72 hours) with no log or chat, one re-engagement falls due at the member's chosen
/// local time; at most one per absence, an absence ending with new activity. `wait` sends nothing. After seven
/// days (168 hours) the member is inactive, a mark for the admin's member list.
public struct ReEngagementRule: Sendable, Equatable {
    /// How long without activity before the coach reaches out.
    public static let absence: TimeInterval = 3 * 86_400
    /// How long without activity before the member counts as inactive.
    public static let inactivity: TimeInterval = 7 * 86_400
    /// The local time used when none is given: 10:00 (a valid literal, so the unwrap cannot fail).
    public static let defaultTime = TimeOfDay(hour: 10, minute: 0)!

    /// The member's inactivity style.
    public let style: InactivityResponseStyle
    /// When, on the member's wall clock, the message goes out (their check-in time, or 10:00).
    public let schedule: LocalTimeSchedule

    /// Creates the rule for a member.
    /// - Parameters:
    ///   - style: The member's ``InactivityResponseStyle``.
    ///   - timeZone: The member's zone.
    ///   - localTime: The wall-clock time to send at; `nil` means 10:00.
    public init(style: InactivityResponseStyle, timeZone: TimeZone, localTime: TimeOfDay? = nil) {
        self.style = style
        schedule = LocalTimeSchedule(time: localTime ?? Self.defaultTime, timeZone: timeZone)
    }

    /// The instant the re-engagement for the current absence is due, or `nil` when none is.
    ///
    /// The instant may lie before `now` (a scheduler that was down sends it late, once); it is `nil` for `wait`,
    /// when one was already sent since the last activity, or when the last activity lies after `now`.
    /// - Parameters:
    ///   - lastActivity: The member's latest log or chat.
    ///   - lastReEngagement: When the last re-engagement was sent, if ever.
    ///   - now: The current instant.
    public func dueDate(lastActivity: Date, lastReEngagement: Date?, now: Date) -> Date? {
        guard style != .waitForMe, lastActivity <= now else { return nil }
        if let lastReEngagement, lastReEngagement >= lastActivity { return nil }
        return schedule.nextOccurrence(after: lastActivity.addingTimeInterval(Self.absence))
    }

    /// Whether the member counts as inactive at `now` (seven days or more without activity).
    public static func isInactive(lastActivity: Date, now: Date) -> Bool {
        now.timeIntervalSince(lastActivity) >= inactivity
    }
}
