public import Foundation

/// When a member may receive a notification: never inside quiet hours or between bedtime and wake time,
/// read on the member's wall clock.
///
/// Both spans may cross midnight (22:00–07:00). Disabled quiet hours are ignored; the sleep window always
/// applies when it is known. A span whose start equals its end is empty, as in ``TimeOfDay/isWithin(from:to:)``.
public struct DeliveryWindow: Sendable, Equatable {
    /// The member's quiet hours.
    public let quietHours: QuietHours
    /// The member's sleep schedule, when onboarding recorded one.
    public let sleep: SleepSchedule?
    /// The member's zone.
    public let timeZone: TimeZone

    /// Creates a window from quiet hours and the sleep schedule in `timeZone`.
    public init(quietHours: QuietHours, sleep: SleepSchedule?, timeZone: TimeZone) {
        self.quietHours = quietHours
        self.sleep = sleep
        self.timeZone = timeZone
    }

    /// Creates the window for `user` (quiet hours and `user.timeZone`); `nil` when the zone id is unknown.
    public init?(user: User, sleep: SleepSchedule?) {
        guard let zone = TimeZone(identifier: user.timeZone) else { return nil }
        self.init(quietHours: user.quietHours, sleep: sleep, timeZone: zone)
    }

    /// Whether a notification may be delivered at `instant`.
    public func isOpen(at instant: Date) -> Bool {
        !isAlwaysClosed && closedSpans(around: instant).allSatisfy { !$0.contains(instant) }
    }

    /// The first instant at or after `instant` when the window is open: `instant` itself when open, else the end
    /// of the quiet or sleep span containing it, chained through spans that touch or overlap.
    ///
    /// - Returns: `nil` when quiet hours and sleep together cover the whole day, so the window never opens.
    public func nextOpening(after instant: Date) -> Date? {
        if isAlwaysClosed { return nil }
        var opening = instant
        for span in closedSpans(around: instant) where span.lowerBound <= opening && opening < span.upperBound {
            opening = span.upperBound
        }
        return opening
    }

    /// The daily closed spans as wall-clock (start, end) pairs; empty spans left out.
    private var dailySpans: [(start: TimeOfDay, end: TimeOfDay)] {
        var spans: [(start: TimeOfDay, end: TimeOfDay)] = []
        if quietHours.enabled, quietHours.start != quietHours.end { spans.append((quietHours.start, quietHours.end)) }
        if let sleep, sleep.bedtime != sleep.wakeTime { spans.append((sleep.bedtime, sleep.wakeTime)) }
        return spans
    }

    /// Whether the spans leave no minute of the day open.
    private var isAlwaysClosed: Bool {
        let spans = dailySpans
        guard !spans.isEmpty else { return false }
        return (0..<(24 * 60)).allSatisfy { minute in
            spans.contains { span in
                let start = span.start.minutesSinceMidnight
                let end = span.end.minutesSinceMidnight
                return start < end ? (start..<end).contains(minute) : (minute >= start || minute < end)
            }
        }
    }

    /// The closed spans as instants, from the day before `instant` to a week after, sorted by start.
    ///
    /// A week covers any chain: when some minute of the day is open, a chain of daily spans ends within two days.
    private func closedSpans(around instant: Date) -> [Range<Date>] {
        let clock = ZonedWallClock(timeZone: timeZone)
        let today = clock.localDay(of: instant)
        var spans: [Range<Date>] = []
        for day in (today - 1)...(today + 7) {
            for span in dailySpans {
                let start = clock.instant(onDay: day, at: span.start)
                let endDay = span.start < span.end ? day : day + 1
                let end = clock.instant(onDay: endDay, at: span.end)
                if start < end { spans.append(start..<end) }
            }
        }
        return spans.sorted { $0.lowerBound < $1.lowerBound }
    }
}
