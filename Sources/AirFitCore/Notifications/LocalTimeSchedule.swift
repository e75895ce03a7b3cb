public import Foundation

/// A daily time on a member's wall clock, such as the 07:30 check-in, and the instants at which it falls.
///
/// The time stays put on the wall clock across daylight-saving changes: a time that does not exist on a
/// spring-forward day fires at the first valid minute after the gap, and a time repeated on a fall-back day
/// fires once, at its first occurrence.
public struct LocalTimeSchedule: Sendable, Equatable {
    /// The wall-clock time.
    public let time: TimeOfDay
    /// The zone whose wall clock is meant.
    public let timeZone: TimeZone

    /// Creates a schedule for `time` in `timeZone`.
    public init(time: TimeOfDay, timeZone: TimeZone) {
        self.time = time
        self.timeZone = timeZone
    }

    /// Creates a schedule from an IANA zone id such as `user.timeZone`; `nil` when the id is unknown.
    public init?(time: TimeOfDay, timeZoneIdentifier: String) {
        guard let zone = TimeZone(identifier: timeZoneIdentifier) else { return nil }
        self.init(time: time, timeZone: zone)
    }

    /// The first instant strictly after `now` at which the wall clock reads `time`.
    public func nextOccurrence(after now: Date) -> Date {
        let clock = ZonedWallClock(timeZone: timeZone)
        let today = clock.localDay(of: now)
        // Today's time, else tomorrow's; a day removed from the calendar (Samoa, 2011) needs a third.
        for day in today...(today + 2) {
            let instant = clock.instant(onDay: day, at: time)
            if instant > now { return instant }
        }
        return clock.instant(onDay: today + 3, at: time)
    }
}
