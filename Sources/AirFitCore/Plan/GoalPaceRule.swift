import Foundation

/// Goal pace: the weight trend of the last four weeks, projected to the goal weight, against the goal's day. When the
/// projection lands more than two weeks from that day, it proposes the projected day instead.
enum GoalPaceRule {
    /// Days of weigh-ins the trend reads.
    static let windowDays = 28
    /// Fewest weigh-ins, and fewest days between the first and last, for a trend worth acting on.
    static let minimumWeighIns = 4
    static let minimumSpanDays = 14
    /// How far the projection may drift from the goal's day before a change is proposed.
    static let toleranceDays = 14
    /// Projections beyond this many days are not offered (the trend is too flat to mean anything).
    static let maximumProjectionDays = 730

    /// The proposed change of the goal's day, if the trend says the date is off.
    static func change(_ input: PlanAnalysis.Input) -> PlanChange? {
        guard let goal = input.weightGoal, FiniteNumber.checked(goal.targetKilograms, in: 20...500) != nil,
            let goalDate = date(of: goal.targetDay)
        else { return nil }
        let today = date(of: input.calendar.day(of: input.now)) ?? input.now
        let points: [(x: Double, y: Double)] = input.checkIns.compactMap { log in
            guard let weight = log.weightKg, FiniteNumber.checked(weight, in: 20...500) != nil, let day = date(of: log.day) else {
                return nil
            }
            let x = day.timeIntervalSince(today) / 86_400
            return x <= 0 && x > -Double(windowDays) ? (x, weight) : nil
        }
        guard points.count >= minimumWeighIns, let first = points.map(\.x).min(), let last = points.map(\.x).max(),
            last - first >= Double(minimumSpanDays)
        else { return nil }
        // Least-squares line through the weigh-ins: kilograms per day, and the fitted weight today.
        let count = Double(points.count)
        let meanX = points.map(\.x).reduce(0, +) / count
        let meanY = points.map(\.y).reduce(0, +) / count
        let spread = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
        let slope = points.map { ($0.x - meanX) * ($0.y - meanY) }.reduce(0, +) / spread
        let fittedToday = meanY - slope * meanX
        let remaining = goal.targetKilograms - fittedToday
        guard slope.isFinite, abs(remaining) > 0.1, slope != 0, remaining / slope > 0 else { return nil }
        let days = (remaining / slope).rounded(.up)
        guard days <= Double(maximumProjectionDays) else { return nil }
        let projected = today.addingTimeInterval(days * 86_400)
        guard abs(projected.timeIntervalSince(goalDate)) > Double(toleranceDays) * 86_400 else { return nil }
        let projectedDay = String(ISO8601.string(from: projected).prefix(10))
        return PlanChange(
            kind: .goalPace, scope: .weightGoal, before: .goal(goal),
            after: .goal(WeightGoal(targetKilograms: goal.targetKilograms, targetDay: projectedDay)), planVersion: input.plan.version)
    }

    /// UTC midnight of a "YYYY-MM-DD" day (days are compared with each other, so the zone doesn't matter).
    static func date(of day: String) -> Date? {
        DailyLog.isValidDay(day) ? ISO8601.date(from: day + "T00:00:00Z") : nil
    }
}
