public import Foundation

/// One change a rule proposes: what it touches, the value before and after, and the plan version it was computed
/// against (accepting it after the plan moved on is refused as stale).
public struct PlanChange: Codable, Sendable, Equatable {
    /// Which rule made the change.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case progression, deload
        case deloadReturn = "deload_return"
        case schedule
        case goalPace = "goal_pace"

        /// Whether auto-pilot may apply it without review (schedule and goal changes always wait for the person).
        public var autopilotMayApply: Bool { self == .progression || self == .deload || self == .deloadReturn }
    }

    /// What the change touches.
    public enum Scope: Codable, Sendable, Hashable {
        case exercise(sessionID: UUID, exerciseID: UUID)
        case session(sessionID: UUID)
        case weightGoal
        case timeGoal
    }

    /// A value of the thing the change touches.
    public enum Value: Codable, Sendable, Hashable {
        case target(ExerciseTarget)
        case slot(SessionSlot)
        case goal(WeightGoal)
        case timeGoal(TimeGoal)
    }

    /// Which rule made the change.
    public var kind: Kind
    /// The exercise, session or goal it touches.
    public var scope: Scope
    /// The value now.
    public var before: Value
    /// The value proposed.
    public var after: Value
    /// The plan version the change was computed against.
    public var planVersion: Int

    /// Creates a change.
    public init(kind: Kind, scope: Scope, before: Value, after: Value, planVersion: Int) {
        self.kind = kind
        self.scope = scope
        self.before = before
        self.after = after
        self.planVersion = planVersion
    }

    /// The plan edit that makes the change.
    public var edit: PlanEdit? { Self.edit(scope: scope, value: after) }

    /// The plan edit that takes the change back.
    public var undoEdit: PlanEdit? { Self.edit(scope: scope, value: before) }

    private static func edit(scope: Scope, value: Value) -> PlanEdit? {
        switch (scope, value) {
        case (.exercise(let sessionID, let exerciseID), .target(let target)):
            return .changeTarget(sessionID: sessionID, exerciseID: exerciseID, target: target)
        case (.session(let sessionID), .slot(let slot)):
            return .moveSession(sessionID: sessionID, to: slot)
        case (.weightGoal, .goal(let goal)):
            return .changeGoalDay(day: goal.targetDay)
        case (.timeGoal, .timeGoal(let goal)):
            return .changeTimeGoal(goal)
        default:
            return nil
        }
    }
}

/// A weight goal: the weight the person works toward and the day they want to reach it.
public struct WeightGoal: Codable, Sendable, Hashable {
    /// The goal weight in kilograms.
    public var targetKilograms: Double
    /// The local day ("YYYY-MM-DD") the person aims to reach the target by.
    public var targetDay: String

    /// Creates a weight goal.
    public init(targetKilograms: Double, targetDay: String) {
        self.targetKilograms = targetKilograms
        self.targetDay = targetDay
    }
}

/// A change that was applied, and when: the deload-return and once-a-week rules read these.
public struct AppliedPlanChange: Codable, Sendable, Equatable {
    /// The change as applied.
    public var change: PlanChange
    /// When it was applied.
    public var appliedAt: Date

    /// Creates a record.
    public init(change: PlanChange, appliedAt: Date) {
        self.change = change
        self.appliedAt = appliedAt
    }
}

extension TrainingPlan {
    /// The plan's current value at `scope` (nil when the plan no longer has it, or for a goal).
    public func value(at scope: PlanChange.Scope) -> PlanChange.Value? {
        switch scope {
        case .exercise(let sessionID, let exerciseID):
            return session(id: sessionID)?.exercise(id: exerciseID).map { .target($0.target) }
        case .session(let sessionID):
            return session(id: sessionID).map { .slot($0.slot) }
        case .weightGoal:
            return nil
        case .timeGoal:
            return timeGoal.map { .timeGoal($0) }
        }
    }

    /// Whether the plan still holds `value` at `scope` (for a goal, the goal's day: its weight lives on the person).
    public func holds(_ value: PlanChange.Value, at scope: PlanChange.Scope) -> Bool {
        if scope == .weightGoal, case .goal(let goal) = value { return goalDay == goal.targetDay }
        return self.value(at: scope) == value
    }
}
