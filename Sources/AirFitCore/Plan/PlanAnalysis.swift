public import Foundation

/// The deterministic rules that propose changes to a plan: progression, deload and its return, schedule, goal pace.
/// Run after each logged workout and at the start of the person's week; the coach only words the reasons.
public enum PlanAnalysis {
    /// Everything the rules read. No I/O: the caller loads it and passes `now`.
    public struct Input: Sendable {
        /// The current plan; every change is computed against its version.
        public var plan: TrainingPlan
        /// The person's availability blocks (screen 6 of onboarding).
        public var availability: [WorkoutAvailabilityBlock]
        /// Logged workouts of the last few weeks (older ones are ignored by every rule).
        public var workouts: [Workout]
        /// Daily check-ins of the last days.
        public var checkIns: [DailyLog]
        /// Changes applied to this plan, any order.
        public var applied: [AppliedPlanChange]
        /// The person's units: plate steps are 2.5 kg (metric) or 5 lb (imperial).
        public var units: MeasurementSystem
        /// The person's time zone and week start.
        public var calendar: PlanCalendar
        /// The injected clock.
        public var now: Date
        /// The weight goal with its day, when the person set one.
        public var weightGoal: WeightGoal?

        /// Creates the input.
        public init(
            plan: TrainingPlan, availability: [WorkoutAvailabilityBlock], workouts: [Workout], checkIns: [DailyLog] = [],
            applied: [AppliedPlanChange] = [], units: MeasurementSystem, calendar: PlanCalendar, now: Date,
            weightGoal: WeightGoal? = nil
        ) {
            self.plan = plan
            self.availability = availability
            self.workouts = workouts
            self.checkIns = checkIns
            self.applied = applied
            self.units = units
            self.calendar = calendar
            self.now = now
            self.weightGoal = weightGoal
        }

        /// When a change to `scope` was last applied (nil: never).
        func lastApplied(to scope: PlanChange.Scope) -> AppliedPlanChange? {
            applied.filter { $0.change.scope == scope && $0.appliedAt <= now }.max { $0.appliedAt < $1.appliedAt }
        }

        /// Whether `scope` is in its deload week: its last applied change is a deload.
        func inDeload(_ scope: PlanChange.Scope) -> Bool { lastApplied(to: scope)?.change.kind == .deload }
    }

    /// Every change the rules propose now, each against `input.plan.version`: at most one per exercise or session.
    public static func changes(_ input: Input) -> [PlanChange] {
        var changes = DeloadRule.returns(input)
        changes += DeloadRule.deloads(input, skipping: Set(changes.map(\.scope)))
        changes += ProgressionRule.changes(input, skipping: Set(changes.map(\.scope)))
        changes += ScheduleRule.changes(input)
        if let goal = GoalPaceRule.change(input) { changes.append(goal) }
        if let goal = TimeGoalPaceRule.change(input) { changes.append(goal) }
        return changes
    }

    /// The strength and cardio exercises of the plan with their scopes, in plan order.
    static func exercises(of plan: TrainingPlan) -> [(scope: PlanChange.Scope, exercise: PlannedExercise)] {
        plan.sessions.flatMap { session in
            session.exercises.map { (PlanChange.Scope.exercise(sessionID: session.id, exerciseID: $0.id), $0) }
        }
    }

    /// The times `exercise` was logged since its target last changed (and not after `now`), oldest first.
    static func recentHistory(
        of exercise: PlannedExercise, scope: PlanChange.Scope, _ input: Input
    ) -> [(startedAt: Date, logged: Workout.Exercise)] {
        let since = input.lastApplied(to: scope)?.appliedAt ?? .distantPast
        let workouts = input.workouts.filter { $0.startedAt > since && $0.startedAt <= input.now }
        return PlanMatching.history(of: exercise, in: workouts)
    }
}
