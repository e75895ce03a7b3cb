/// A trailing moving average over calendar days: each point's value is the mean of the points in the `days` days
/// ending on its day. Days without a point are left out of the mean (not counted as zero), so gaps in the log
/// neither drag the average down nor stop it.
public enum MovingAverage {
    /// The trailing mean at each of `points` (any order; one value per day, the last one given wins).
    /// - Parameters:
    ///   - points: days with their values; non-finite values are ignored.
    ///   - days: the window's length in days, the point's own day included (at least 1).
    /// - Returns: one entry per day that has a finite value, oldest first.
    public static func trailing(_ points: [(day: CalendarDay, value: Double)], days: Int = 7) -> [(day: CalendarDay, average: Double)] {
        var byDay: [CalendarDay: Double] = [:]
        for point in points where point.value.isFinite { byDay[point.day] = point.value }
        let sorted = byDay.sorted { $0.key < $1.key }
        let window = max(1, days)
        var result: [(day: CalendarDay, average: Double)] = []
        var first = 0
        var sum = 0.0
        for (index, point) in sorted.enumerated() {
            sum += point.value
            while sorted[first].key.days(to: point.key) >= window {
                sum -= sorted[first].value
                first += 1
            }
            result.append((point.key, sum / Double(index - first + 1)))
        }
        return result
    }
}
