import Foundation

/// Wall-clock arithmetic in one time zone: which local day an instant falls on, and which instant a local
/// day and time of day name.
///
/// `Calendar.nextDate(after:matching:matchingPolicy:repeatedTimePolicy:direction:)` was measured wrong on this
/// toolchain (it skips the whole day when a time falls in Lord Howe's 30-minute gap, and it returns the second
/// occurrence of a repeated time after the first has passed), so wall times are resolved here from the zone's
/// UTC offsets, which come from Foundation's `TimeZone` (the tz database).
struct ZonedWallClock: Sendable, Equatable {
    /// The zone whose wall clock is read.
    let timeZone: TimeZone

    private static let secondsPerDay = 86_400

    /// The local day containing `instant`, counted in days since 1970-01-01 (local).
    func localDay(of instant: Date) -> Int {
        let wall = Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: instant)
        return Self.floorDivide(wall, Self.secondsPerDay)
    }

    /// The instant at which the wall clock on local `day` reads `time`.
    ///
    /// A repeated time (fall back) resolves to its first occurrence; a time that does not exist (spring forward)
    /// resolves to the end of the gap, the first valid instant after it.
    func instant(onDay day: Int, at time: TimeOfDay) -> Date {
        let wall = day * Self.secondsPerDay + time.minutesSinceMidnight * 60
        let offsets = Set([-Self.secondsPerDay, 0, Self.secondsPerDay].map { timeZone.secondsFromGMT(for: Self.date(wall + $0)) })
        let candidates = offsets.map { wall - $0 }
        if let first = candidates.filter({ timeZone.secondsFromGMT(for: Self.date($0)) == wall - $0 }).min() {
            return Self.date(first)
        }
        // In a gap: the transition lies between the candidates; find the first second with the later offset.
        guard var low = candidates.min(), var high = candidates.max(), low < high else { return Self.date(wall - (offsets.first ?? 0)) }
        let before = timeZone.secondsFromGMT(for: Self.date(low))
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if timeZone.secondsFromGMT(for: Self.date(middle)) == before { low = middle } else { high = middle }
        }
        return Self.date(high)
    }

    private static func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

}
