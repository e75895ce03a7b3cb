import Foundation

/// A time goal: cover `kilometres` in at most `targetMinutes` by `targetDay` ("run 5 km in 25 minutes by June").
public struct TimeGoal: Codable, Sendable, Hashable {
    /// The distance of the effort.
    public var kilometres: Double
    /// The finish time to reach, in minutes.
    public var targetMinutes: Double
    /// The day ("YYYY-MM-DD") the person wants to get there.
    public var targetDay: String

    /// Creates a goal.
    public init(kilometres: Double, targetMinutes: Double, targetDay: String) {
        self.kilometres = kilometres
        self.targetMinutes = targetMinutes
        self.targetDay = targetDay
    }

    /// "5 km in 25 min" in the person's units.
    public func description(in units: MeasurementSystem) -> String {
        "\(units.formatDistance(meters: kilometres * 1000, fractionDigits: 1)) in \(MeasurementSystem.number(targetMinutes, 1)) min"
    }
}

/// Goal pace for a time goal: the pace of the efforts of the last eight weeks that covered most of the goal's distance,
/// as a trend, projected to the goal's time. When it lands more than two weeks from the goal's day, it proposes the
/// projected day instead.
enum TimeGoalPaceRule {
    /// Fewest efforts, and fewest days between the first and last, for a trend worth acting on.
    static let minimumEfforts = 3
    static let minimumSpanDays = 14.0
    /// An effort counts when it covered at least this share of the goal's distance.
    static let distanceShare = 0.8

    /// The proposed change of the goal's day, if the trend says the date is off.
    static func change(_ input: PlanAnalysis.Input) -> PlanChange? {
        guard let goal = input.plan.timeGoal, (try? PlanRules.check(goal)) != nil, let goalDate = GoalPaceRule.date(of: goal.targetDay)
        else { return nil }
        let today = GoalPaceRule.date(of: input.calendar.day(of: input.now)) ?? input.now
        // (days before today, minutes per km) of each qualifying effort.
        let points: [(x: Double, y: Double)] = input.workouts.compactMap { workout in
            guard workout.startedAt <= input.now, let (kilometres, minutes) = effort(workout),
                kilometres >= goal.kilometres * distanceShare
            else { return nil }
            return ((workout.startedAt.timeIntervalSince(today)) / 86_400, minutes / kilometres)
        }
        guard points.count >= minimumEfforts, let first = points.map(\.x).min(), let last = points.map(\.x).max(),
            last - first >= minimumSpanDays
        else { return nil }
        let count = Double(points.count)
        let meanX = points.map(\.x).reduce(0, +) / count
        let meanY = points.map(\.y).reduce(0, +) / count
        let spread = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
        let slope = points.map { ($0.x - meanX) * ($0.y - meanY) }.reduce(0, +) / spread
        let paceToday = meanY - slope * meanX
        let goalPace = goal.targetMinutes / goal.kilometres
        // Already fast enough, or not getting faster: there is no day to project.
        guard slope.isFinite, slope < 0, paceToday > goalPace else { return nil }
        let days = ((goalPace - paceToday) / slope).rounded(.up)
        guard days.isFinite, days > 0, days <= Double(GoalPaceRule.maximumProjectionDays) else { return nil }
        let projected = today.addingTimeInterval(days * 86_400)
        guard abs(projected.timeIntervalSince(goalDate)) > Double(GoalPaceRule.toleranceDays) * 86_400 else { return nil }
        var moved = goal
        moved.targetDay = String(ISO8601.string(from: projected).prefix(10))
        return PlanChange(
            kind: .goalPace, scope: .timeGoal, before: .timeGoal(goal), after: .timeGoal(moved), planVersion: input.plan.version)
    }

    /// The distance (km) and time (minutes) of a workout's effort: the sets' distances and durations when logged, else
    /// the workout's duration.
    static func effort(_ workout: Workout) -> (Double, Double)? {
        let sets = workout.exercises.flatMap(\.sets)
        let meters = sets.compactMap(\.distanceMeters).filter { $0.isFinite && $0 > 0 }.reduce(0, +)
        guard meters > 0 else { return nil }
        let seconds = sets.compactMap(\.durationSeconds).filter { $0.isFinite && $0 > 0 }.reduce(0, +)
        let minutes = seconds > 0 ? seconds / 60 : workout.durationMinutes
        guard minutes.isFinite, minutes > 0 else { return nil }
        return (meters / 1000, minutes)
    }
}

/// A time goal as a person types it (the plan page's fields), in their distance unit.
public struct TimeGoalInput: Sendable, Equatable {
    public var distance: String
    public var minutes: String
    public var day: String

    /// Creates the input from typed text (nil is blank).
    public init(distance: String? = nil, minutes: String? = nil, day: String? = nil) {
        self.distance = distance ?? ""
        self.minutes = minutes ?? ""
        self.day = day ?? ""
    }

    /// The fields showing `goal` in `units` (blank without one).
    public init(_ goal: TimeGoal?, units: MeasurementSystem) {
        guard let goal else {
            self.init()
            return
        }
        let distance = ExerciseTargetInput(.cardio(minutes: nil, kilometres: goal.kilometres), units: units).distance
        self.init(distance: distance, minutes: MeasurementSystem.number(goal.targetMinutes, 1), day: goal.targetDay)
    }

    /// The goal typed, or nil when every field is blank (clearing it); each number checked before it is converted.
    /// - Throws: ``PlanEditError/timeGoalOutOfRange``.
    public func goal(units: MeasurementSystem) throws(PlanEditError) -> TimeGoal? {
        let fields = [distance, minutes, day].map { $0.trimmingCharacters(in: .whitespaces) }
        if fields.allSatisfy(\.isEmpty) { return nil }
        guard case .cardio(_, let kilometres?)? = try? ExerciseTargetInput(distance: distance).target(kind: .cardio, units: units),
            let time = FiniteNumber.parse(minutes, in: PlanRules.goalMinutes)
        else { throw .timeGoalOutOfRange }
        let goal = TimeGoal(kilometres: kilometres, targetMinutes: time, targetDay: fields[2])
        try PlanRules.check(goal)
        return goal
    }
}
