public import Foundation

/// A person's weekly training plan: sessions placed in their availability blocks. Every change bumps `version`.
public struct TrainingPlan: Codable, Sendable, Equatable, Identifiable {
    /// The plan's id.
    public var id: UUID
    /// The person the plan belongs to.
    public var userID: UUID
    /// Starts at 1; every applied edit or change adds one, so a suggestion made against an older version is stale.
    public var version: Int
    /// The sessions of one week.
    public var sessions: [PlannedSession]
    /// The day ("YYYY-MM-DD") the person wants to reach their weight goal, if they set one; goal-pace changes move it.
    public var goalDay: String?
    /// A time goal (run 5 km in 25 minutes by a day), if the person set one; goal-pace changes move its day.
    public var timeGoal: TimeGoal?

    /// Creates a plan.
    public init(
        id: UUID = UUID(), userID: UUID, version: Int = 1, sessions: [PlannedSession] = [], goalDay: String? = nil,
        timeGoal: TimeGoal? = nil
    ) {
        self.timeGoal = timeGoal
        self.id = id
        self.userID = userID
        self.version = version
        self.sessions = sessions
        self.goalDay = goalDay
    }

    /// The session with `id`, if the plan has it.
    public func session(id: UUID) -> PlannedSession? { sessions.first { $0.id == id } }

    /// The sessions planned on `dayOfWeek` (1 = Sunday … 7 = Saturday), earliest first.
    public func sessions(onDayOfWeek dayOfWeek: Int) -> [PlannedSession] {
        sessions.filter { $0.slot.dayOfWeek == dayOfWeek }.sorted { $0.slot.startTime < $1.slot.startTime }
    }
}

/// Where a session sits in the week: a weekday and a time window inside one of the person's availability blocks.
public struct SessionSlot: Codable, Sendable, Hashable {
    /// 1 = Sunday … 7 = Saturday.
    public var dayOfWeek: Int
    /// When the session starts (local wall-clock time).
    public var startTime: TimeOfDay
    /// When it ends; earlier than the start when it runs past midnight.
    public var endTime: TimeOfDay

    /// Creates a slot.
    public init(dayOfWeek: Int, startTime: TimeOfDay, endTime: TimeOfDay) {
        self.dayOfWeek = dayOfWeek
        self.startTime = startTime
        self.endTime = endTime
    }

    /// The whole of an availability block.
    public init(_ block: WorkoutAvailabilityBlock) {
        self.init(dayOfWeek: block.dayOfWeek, startTime: block.startTime, endTime: block.endTime)
    }

    /// How long the slot lasts, in minutes (it may run past midnight).
    public var durationMinutes: Int { (endTime.minutesSinceMidnight - startTime.minutesSinceMidnight + 1440) % 1440 }

    /// Whether the slot lies wholly inside `block` (same weekday, starting and ending within it).
    public func isInside(_ block: WorkoutAvailabilityBlock) -> Bool {
        guard dayOfWeek == block.dayOfWeek, durationMinutes > 0, block.durationMinutes > 0 else { return false }
        let offset = (startTime.minutesSinceMidnight - block.startTime.minutesSinceMidnight + 1440) % 1440
        return offset + durationMinutes <= block.durationMinutes
    }

    /// The blocks of `blocks` that hold the slot, shortest first.
    public func blocks(in blocks: [WorkoutAvailabilityBlock]) -> [WorkoutAvailabilityBlock] {
        blocks.filter { isInside($0) }.sorted { $0.durationMinutes < $1.durationMinutes }
    }

    /// The shortest of `blocks` that holds the slot, if any.
    public func block(in blocks: [WorkoutAvailabilityBlock]) -> WorkoutAvailabilityBlock? { self.blocks(in: blocks).first }
}

/// What a planned session trains.
public enum SessionFocus: String, Codable, Sendable, CaseIterable {
    case fullBody = "full_body"
    case upper, lower, push, pull, legs, run, ride, swim, mobility, conditioning

    /// The label a person reads.
    public var displayName: String {
        switch self {
        case .fullBody: return "Full-body strength"
        case .upper: return "Upper body"
        case .lower: return "Lower body"
        case .push: return "Push"
        case .pull: return "Pull"
        case .legs: return "Legs"
        case .run: return "Run"
        case .ride: return "Ride"
        case .swim: return "Swim"
        case .mobility: return "Mobility"
        case .conditioning: return "Conditioning"
        }
    }
}

/// One session of the weekly plan.
public struct PlannedSession: Codable, Sendable, Equatable, Identifiable {
    /// The session's id.
    public var id: UUID
    /// Where it sits in the week.
    public var slot: SessionSlot
    /// What it trains.
    public var focus: SessionFocus
    /// Its exercises, in order.
    public var exercises: [PlannedExercise]

    /// Creates a session.
    public init(id: UUID = UUID(), slot: SessionSlot, focus: SessionFocus, exercises: [PlannedExercise] = []) {
        self.id = id
        self.slot = slot
        self.focus = focus
        self.exercises = exercises
    }

    /// The exercise with `id`, if the session has it.
    public func exercise(id: UUID) -> PlannedExercise? { exercises.first { $0.id == id } }
}

/// One exercise of a planned session, with its target.
public struct PlannedExercise: Codable, Sendable, Equatable, Identifiable {
    /// The exercise's id.
    public var id: UUID
    /// The name logged workouts are matched by (case and spaces ignored).
    public var name: String
    /// How it progresses.
    public var kind: ExerciseKind
    /// What it aims for.
    public var target: ExerciseTarget

    /// Creates an exercise.
    public init(id: UUID = UUID(), name: String, kind: ExerciseKind, target: ExerciseTarget) {
        self.id = id
        self.name = name
        self.kind = kind
        self.target = target
    }
}

/// How an exercise progresses: compound lifts by 2.5%, isolation by 5%, cardio by duration or distance.
public enum ExerciseKind: String, Codable, Sendable, CaseIterable {
    case compound, isolation, cardio
}

/// What an exercise aims for. Loads are kilograms; `nil` means "not known yet" (the person picks a load).
public enum ExerciseTarget: Codable, Sendable, Hashable {
    case strength(sets: Int, reps: Int, loadKilograms: Double?)
    case cardio(minutes: Double?, kilometres: Double?)

    /// The load in kilograms of a strength target (nil for cardio or an unknown load).
    public var loadKilograms: Double? {
        if case .strength(_, _, let load) = self { return load }
        return nil
    }
}
