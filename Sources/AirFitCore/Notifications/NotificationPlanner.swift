public import Foundation

/// Decides which notifications a member should have in the queue at `now`: the next daily check-in, workout
/// reminders an hour before planned sessions, meal and hydration reminders, achievements (a streak milestone, a
/// personal best), a re-engagement once an absence reaches three days, and a note when plan changes wait for review.
///
/// Pure: the scheduler stores what it returns, and the dedupe keys make storing it again harmless. Switched-off
/// categories (or the master switch) schedule nothing; what was scheduled before a switch went off is dropped at
/// delivery by ``NotificationDispatcher``.
public enum NotificationPlanner {
    /// The notifications `member` should have queued at `now`.
    public static func plan(for member: NotificationMember, now: Date) -> [CoachNotification] {
        let preferences = member.user.notificationPreferences
        var planned: [CoachNotification] = []
        func add(_ category: NotificationCategory, _ text: (title: String, body: String), link: String, due: Date, key: String) {
            guard preferences.isEnabled(category) else { return }
            planned.append(
                CoachNotification(
                    userID: member.user.id, category: category, title: text.title, body: text.body, link: link, dueAt: due,
                    dedupeKey: "\(category.rawValue):\(key)", createdAt: now))
        }
        let clock = ZonedWallClock(timeZone: member.timeZone)

        let checkInTime = preferences.effectiveCheckInTime(wakeTime: member.sleep?.wakeTime)
        let checkIn = LocalTimeSchedule(time: checkInTime, timeZone: member.timeZone).nextOccurrence(after: now)
        let checkInDay = clock.localDay(of: checkIn)
        // Keyed by day and instant: a new check-in time (or zone) queues a new one, and the old one is dropped at
        // delivery (``isObsolete(_:for:now:)``); the daily limit keeps it to one a day.
        add(
            .dailyCheckIn, NotificationWording.checkIn(localDay: checkInDay), link: "/log/checkin", due: checkIn,
            key: "\(dayKey(checkInDay)):\(Int(checkIn.timeIntervalSince1970))")

        let digest = LocalTimeSchedule(time: digestTime, timeZone: member.timeZone).nextOccurrence(after: now)
        add(
            .emailDigest, ("Your day with AirFit", "Today's notifications, by email."), link: "/inbox", due: digest,
            key: dayKey(clock.localDay(of: digest)))

        let rule = ReEngagementRule(style: member.inactivityStyle, timeZone: member.timeZone, localTime: checkInTime)
        if let due = rule.dueDate(lastActivity: member.lastActivity, lastReEngagement: nil, now: now), due <= now,
            let text = NotificationWording.reEngagement(
                style: member.inactivityStyle, days: Int(now.timeIntervalSince(member.lastActivity) / 86_400))
        {
            add(.reEngagement, text, link: "/chat", due: due, key: String(Int(member.lastActivity.timeIntervalSince1970)))
        }

        for notification in reminders(for: member, now: now, clock: clock) + achievements(for: member, now: now, clock: clock)
        where preferences.isEnabled(notification.category) {
            planned.append(notification)
        }

        if let newest = member.pendingRecommendations.first {
            add(
                .recommendations, NotificationWording.recommendations(count: member.pendingRecommendations.count), link: "/activity",
                due: now, key: newest.uuidString.lowercased())
        }
        return planned
    }

    /// When the opt-in email digest goes out, on the member's wall clock (a valid literal).
    public static let digestTime = TimeOfDay(hour: 18, minute: 0)!

    /// "2026-11-24" for a local day counted since 1970-01-01.
    static func dayKey(_ day: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(day) * 86_400))
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
