public import Foundation

/// One change a person (or an accepted suggestion) makes to a training plan.
public enum PlanEdit: Codable, Sendable, Equatable {
    case addSession(PlannedSession)
    case removeSession(sessionID: UUID)
    case moveSession(sessionID: UUID, to: SessionSlot)
    case addExercise(sessionID: UUID, exercise: PlannedExercise)
    case removeExercise(sessionID: UUID, exerciseID: UUID)
    case changeTarget(sessionID: UUID, exerciseID: UUID, target: ExerciseTarget)
    /// Sets (or, with nil, clears) the day the person wants to reach their weight goal.
    case changeGoalDay(day: String?)
    /// Sets (or, with nil, clears) the time goal.
    case changeTimeGoal(TimeGoal?)
}

extension TrainingPlan {
    /// The plan after `edit`, checked against the person's availability, with `version` one higher.
    /// - Throws: ``PlanEditError`` when the edit names something the plan lacks or breaks a rule.
    public func applying(_ edit: PlanEdit, availability: [WorkoutAvailabilityBlock]) throws(PlanEditError) -> TrainingPlan {
        var plan = self
        switch edit {
        case .addSession(let session):
            guard plan.session(id: session.id) == nil else { throw .duplicateSession }
            guard session.exercises.count <= PlanRules.maximumExercisesPerSession else { throw .tooManyExercises }
            try PlanRules.check(session.exercises)
            plan.sessions.append(session)
        case .removeSession(let sessionID):
            guard let index = plan.sessions.firstIndex(where: { $0.id == sessionID }) else { throw .sessionNotFound }
            plan.sessions.remove(at: index)
        case .moveSession(let sessionID, let slot):
            guard let index = plan.sessions.firstIndex(where: { $0.id == sessionID }) else { throw .sessionNotFound }
            plan.sessions[index].slot = slot
        case .addExercise(let sessionID, let exercise):
            guard let index = plan.sessions.firstIndex(where: { $0.id == sessionID }) else { throw .sessionNotFound }
            guard plan.sessions[index].exercise(id: exercise.id) == nil else { throw .duplicateExercise }
            guard plan.sessions[index].exercises.count < PlanRules.maximumExercisesPerSession else { throw .tooManyExercises }
            try PlanRules.check([exercise])
            plan.sessions[index].exercises.append(exercise)
        case .removeExercise(let sessionID, let exerciseID):
            guard let index = plan.sessions.firstIndex(where: { $0.id == sessionID }) else { throw .sessionNotFound }
            guard let position = plan.sessions[index].exercises.firstIndex(where: { $0.id == exerciseID }) else {
                throw .exerciseNotFound
            }
            plan.sessions[index].exercises.remove(at: position)
        case .changeTarget(let sessionID, let exerciseID, let target):
            guard let index = plan.sessions.firstIndex(where: { $0.id == sessionID }) else { throw .sessionNotFound }
            guard let position = plan.sessions[index].exercises.firstIndex(where: { $0.id == exerciseID }) else {
                throw .exerciseNotFound
            }
            var exercise = plan.sessions[index].exercises[position]
            exercise.target = target
            try PlanRules.check([exercise])
            plan.sessions[index].exercises[position] = exercise
        case .changeGoalDay(let day):
            if let day, !DailyLog.isValidDay(day) { throw .invalidGoalDay }
            plan.goalDay = day
        case .changeTimeGoal(let goal):
            if let goal { try PlanRules.check(goal) }
            plan.timeGoal = goal
        }
        try PlanRules.checkPlacement(plan.sessions, availability: availability)
        plan.version += 1
        return plan
    }
}

/// The limits every plan keeps: targets finite and in range, each session alone inside one availability block.
public enum PlanRules {
    /// Sets per strength target.
    public static let sets = 1...20
    /// Repetitions per set.
    public static let reps = 1...100
    /// Load in kilograms.
    public static let loadKilograms = 0.0...500.0
    /// Cardio duration in minutes.
    public static let minutes = 1.0...600.0
    /// Cardio distance in kilometres.
    public static let kilometres = 0.1...500.0
    /// The longest exercise name, in characters.
    public static let maximumNameLength = 80
    /// The most exercises one session holds.
    public static let maximumExercisesPerSession = 30

    /// Checks names and targets of `exercises`.
    /// - Throws: ``PlanEditError`` naming the first problem.
    public static func check(_ exercises: [PlannedExercise]) throws(PlanEditError) {
        for exercise in exercises {
            let name = exercise.name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, name.count <= maximumNameLength else { throw .invalidName }
            try check(exercise.target, kind: exercise.kind)
        }
    }

    /// The longest finish time a time goal may have, in minutes.
    public static let goalMinutes = 1.0...6000.0

    /// Checks a time goal: finite, in range, a real day.
    public static func check(_ goal: TimeGoal) throws(PlanEditError) {
        guard FiniteNumber.checked(goal.kilometres, in: kilometres) != nil,
            FiniteNumber.checked(goal.targetMinutes, in: goalMinutes) != nil,
            DailyLog.isValidDay(goal.targetDay)
        else { throw .timeGoalOutOfRange }
    }

    /// Checks one target: the right shape for `kind`, every number finite and in range.
    /// - Throws: ``PlanEditError`` naming the problem.
    public static func check(_ target: ExerciseTarget, kind: ExerciseKind) throws(PlanEditError) {
        switch target {
        case .strength(let setCount, let repCount, let load):
            guard kind != .cardio else { throw .targetDoesNotFitKind }
            guard sets.contains(setCount) else { throw .setsOutOfRange }
            guard reps.contains(repCount) else { throw .repsOutOfRange }
            if let load, FiniteNumber.checked(load, in: loadKilograms) == nil { throw .loadOutOfRange }
        case .cardio(let duration, let distance):
            guard kind == .cardio else { throw .targetDoesNotFitKind }
            guard duration != nil || distance != nil else { throw .cardioNeedsDurationOrDistance }
            if let duration, FiniteNumber.checked(duration, in: minutes) == nil { throw .minutesOutOfRange }
            if let distance, FiniteNumber.checked(distance, in: kilometres) == nil { throw .kilometresOutOfRange }
        }
    }

    /// Checks that every session sits inside one of `availability`'s blocks and no two share a block.
    /// - Throws: ``PlanEditError/outsideAvailability`` or ``PlanEditError/blockTaken``.
    public static func checkPlacement(_ sessions: [PlannedSession], availability: [WorkoutAvailabilityBlock]) throws(PlanEditError) {
        var taken = Set<UUID>()
        for session in sessions {
            let holding = session.slot.blocks(in: availability)
            guard !holding.isEmpty else { throw .outsideAvailability }
            // Where blocks overlap, a session takes the shortest free one that holds it.
            guard let block = holding.first(where: { !taken.contains($0.id) }) else { throw .blockTaken }
            taken.insert(block.id)
        }
    }
}

/// Why a plan edit was refused, in words a person can act on.
public enum PlanEditError: Error, Equatable, Sendable, LocalizedError {
    case sessionNotFound, exerciseNotFound, duplicateSession, duplicateExercise, invalidName, tooManyExercises
    case targetDoesNotFitKind, setsOutOfRange, repsOutOfRange, loadOutOfRange
    case cardioNeedsDurationOrDistance, minutesOutOfRange, kilometresOutOfRange
    case outsideAvailability, blockTaken, invalidGoalDay, timeGoalOutOfRange

    /// The message shown next to the form.
    public var errorDescription: String? {
        switch self {
        case .sessionNotFound: return "That session is no longer in your plan. Reload the page to see the current plan."
        case .exerciseNotFound: return "That exercise is no longer in the session. Reload the page to see the current plan."
        case .duplicateSession: return "That session is already in your plan."
        case .duplicateExercise: return "That exercise is already in the session."
        case .tooManyExercises: return "A session holds at most \(PlanRules.maximumExercisesPerSession) exercises. Remove one first."
        case .invalidName: return "Give the exercise a name of 1 to \(PlanRules.maximumNameLength) characters."
        case .targetDoesNotFitKind: return "Cardio exercises take minutes or kilometres; strength exercises take sets and reps."
        case .setsOutOfRange: return "Sets must be between 1 and 20."
        case .repsOutOfRange: return "Reps must be between 1 and 100."
        case .loadOutOfRange: return "The load must be between 0 and 500 kg (0 to 1,100 lb)."
        case .cardioNeedsDurationOrDistance: return "Give the cardio exercise a duration, a distance, or both."
        case .minutesOutOfRange: return "The duration must be between 1 and 600 minutes."
        case .kilometresOutOfRange: return "The distance must be between 0.1 and 500 km."
        case .outsideAvailability: return "Sessions go inside the times you said you can train. Pick one of those slots or add a slot."
        case .timeGoalOutOfRange:
            return "A time goal needs a distance of 0.1 to 500 km, a time of 1 to 6,000 minutes and a day like 2027-06-01."
        case .invalidGoalDay: return "Give the goal date as a calendar day, like 2027-03-01."
        case .blockTaken: return "That slot already has a session. Pick a free slot or move the other session first."
        }
    }
}
