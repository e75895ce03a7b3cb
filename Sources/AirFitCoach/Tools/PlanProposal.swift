import AirFitCore
import Foundation

/// A change the coach proposes, built from `proposePlanChange`'s arguments against the plan as it is now: the
/// exercise or session it names, its current value as `before`, the proposed one as `after` (fields the model left out
/// keep their current value), and the words for the chat card.
struct PlanProposal: Equatable {
    /// The change, computed against the plan's current version.
    var change: PlanChange
    /// "Bench press" or "Upper body session".
    var subject: String
    /// The value now, in the person's units ("3 × 5 at 60 kg", "Monday 07:00").
    var before: String
    /// The proposed value.
    var after: String

    /// The card the chat shows.
    var card: String { "Suggested: \(subject) \(before) → \(after)" }

    /// The proposal `arguments` describe for `plan`.
    /// - Throws: ``ToolError/invalidArguments(_:)`` naming what is missing, out of range or not in the plan.
    static func make(_ arguments: ProposePlanChangeTool.Arguments, kind: PlanChange.Kind, plan: TrainingPlan, units: MeasurementSystem)
        throws -> PlanProposal
    {
        kind == .schedule ? try schedule(arguments, plan: plan) : try target(arguments, kind: kind, plan: plan, units: units)
    }

    // MARK: Progression and deload

    private static func target(
        _ arguments: ProposePlanChangeTool.Arguments, kind: PlanChange.Kind, plan: TrainingPlan, units: MeasurementSystem
    ) throws -> PlanProposal {
        guard let name = arguments.exercise?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
            throw ToolError.invalidArguments("exercise is required for a \(kind.rawValue): the exercise's name as the plan lists it.")
        }
        let (session, exercise) = try find(exercise: name, session: arguments.session, in: plan)
        let after = try proposedTarget(arguments, from: exercise)
        return PlanProposal(
            change: PlanChange(
                kind: kind, scope: .exercise(sessionID: session.id, exerciseID: exercise.id), before: .target(exercise.target),
                after: .target(after), planVersion: plan.version),
            subject: exercise.name, before: exercise.target.description(in: units), after: after.description(in: units))
    }

    /// The exercise named `name` (case and spaces ignored), narrowed to the session `sessionText` names when given.
    private static func find(exercise name: String, session sessionText: String?, in plan: TrainingPlan) throws -> (
        PlannedSession, PlannedExercise
    ) {
        var sessions = ordered(plan.sessions)
        if let sessionText { sessions = try matching(sessionText, in: sessions) }
        let found = sessions.flatMap { session in
            session.exercises.filter { PlanMatching.sameExercise($0.name, name) }.map { (session, $0) }
        }
        guard let first = found.first else {
            var names: [String] = []
            for exercise in sessions.flatMap(\.exercises) where !names.contains(exercise.name) { names.append(exercise.name) }
            let listed = names.isEmpty ? "no exercises" : names.prefix(12).joined(separator: ", ")
            throw ToolError.invalidArguments(
                "the plan has no exercise named \"\(name.prefix(80))\"\(sessionText == nil ? "" : " in that session"); it lists: \(listed)."
            )
        }
        guard found.count == 1 else {
            let places = found.map { label($0.0.slot) }.joined(separator: ", ")
            throw ToolError.invalidArguments(
                "\"\(first.1.name)\" is in several sessions (\(places)); add session with the weekday (and start time, like \"Monday 07:00\")."
            )
        }
        return first
    }

    /// `exercise`'s target with the fields the arguments give replaced, each checked against ``PlanRules``.
    private static func proposedTarget(_ arguments: ProposePlanChangeTool.Arguments, from exercise: PlannedExercise) throws
        -> ExerciseTarget
    {
        switch exercise.target {
        case .strength(let sets, let reps, let load):
            guard arguments.minutes == nil, arguments.kilometres == nil else {
                throw ToolError.invalidArguments(
                    "\(exercise.name) is a strength exercise: give sets, reps or loadKg, not minutes or kilometres.")
            }
            guard arguments.sets != nil || arguments.reps != nil || arguments.loadKg != nil else {
                throw ToolError.invalidArguments("give the proposed target for \(exercise.name): sets, reps or loadKg.")
            }
            let newSets = try whole(arguments.sets, PlanRules.sets, "sets")
            let newReps = try whole(arguments.reps, PlanRules.reps, "reps")
            try checked(arguments.loadKg, PlanRules.loadKilograms, "loadKg")
            return .strength(sets: newSets ?? sets, reps: newReps ?? reps, loadKilograms: arguments.loadKg ?? load)
        case .cardio(let minutes, let kilometres):
            guard arguments.sets == nil, arguments.reps == nil, arguments.loadKg == nil else {
                throw ToolError.invalidArguments(
                    "\(exercise.name) is a cardio exercise: give minutes or kilometres, not sets, reps or loadKg.")
            }
            guard arguments.minutes != nil || arguments.kilometres != nil else {
                throw ToolError.invalidArguments("give the proposed target for \(exercise.name): minutes or kilometres.")
            }
            try checked(arguments.minutes, PlanRules.minutes, "minutes")
            try checked(arguments.kilometres, PlanRules.kilometres, "kilometres")
            return .cardio(minutes: arguments.minutes ?? minutes, kilometres: arguments.kilometres ?? kilometres)
        }
    }

    /// A whole count in `range`, checked before it becomes an `Int`.
    private static func whole(_ value: Double?, _ range: ClosedRange<Int>, _ name: String) throws -> Int? {
        guard let value else { return nil }
        guard value == value.rounded(), let count = FiniteNumber.int(value), range.contains(count) else {
            throw ToolError.invalidArguments(
                "\(name) must be a whole number between \(range.lowerBound) and \(range.upperBound) (got \(LogWorkoutTool.minutes(value)))."
            )
        }
        return count
    }

    private static func checked(_ value: Double?, _ range: ClosedRange<Double>, _ name: String) throws {
        guard let value else { return }
        guard FiniteNumber.checked(value, in: range) != nil else {
            throw ToolError.invalidArguments(
                "\(name) must be a number between \(LogWorkoutTool.minutes(range.lowerBound)) and \(LogWorkoutTool.minutes(range.upperBound))."
            )
        }
    }

    // MARK: Schedule

    private static func schedule(_ arguments: ProposePlanChangeTool.Arguments, plan: TrainingPlan) throws -> PlanProposal {
        guard let sessionText = arguments.session, let toDayText = arguments.toDay, let toStartText = arguments.toStart else {
            throw ToolError.invalidArguments(
                "a schedule change needs session (the weekday of the session to move), toDay (a weekday) and toStart (HH:MM).")
        }
        let found = try matching(sessionText, in: ordered(plan.sessions))
        guard let session = found.first, found.count == 1 else {
            throw ToolError.invalidArguments(
                "there are \(found.count) sessions on that day (\(found.map { label($0.slot) }.joined(separator: ", "))); "
                    + "give session with its start time, like \"Monday 07:00\".")
        }
        guard let toDay = weekday(toDayText) else {
            throw ToolError.invalidArguments("toDay must be a weekday name like \"Wednesday\" (got \"\(toDayText.prefix(40))\").")
        }
        guard let toStart = TimeOfDay(toStartText) else {
            throw ToolError.invalidArguments("toStart must be a 24-hour time like \"18:30\" (got \"\(toStartText.prefix(40))\").")
        }
        let end = (toStart.minutesSinceMidnight + session.slot.durationMinutes) % 1440
        guard let endTime = TimeOfDay(hour: end / 60, minute: end % 60) else {
            throw ToolError.invalidArguments("toStart must be a 24-hour time like \"18:30\".")
        }
        let slot = SessionSlot(dayOfWeek: toDay, startTime: toStart, endTime: endTime)
        return PlanProposal(
            change: PlanChange(
                kind: .schedule, scope: .session(sessionID: session.id), before: .slot(session.slot), after: .slot(slot),
                planVersion: plan.version),
            subject: "\(session.focus.displayName) session", before: label(session.slot), after: label(slot))
    }

    // MARK: Sessions and weekdays

    /// The sessions `text` ("Monday" or "Monday 07:00") names.
    private static func matching(_ text: String, in sessions: [PlannedSession]) throws -> [PlannedSession] {
        let parts = text.split(whereSeparator: \.isWhitespace)
        guard (1...2).contains(parts.count), let day = weekday(String(parts[0])) else {
            throw ToolError.invalidArguments("session must be a weekday name, optionally with the start time, like \"Monday 07:00\".")
        }
        var found = sessions.filter { $0.slot.dayOfWeek == day }
        if parts.count == 2 {
            guard let start = TimeOfDay(String(parts[1])) else {
                throw ToolError.invalidArguments("session's start time must be a 24-hour time like \"Monday 07:00\".")
            }
            found = found.filter { $0.slot.startTime == start }
        }
        guard !found.isEmpty else {
            let planned = sessions.map { label($0.slot) }
            throw ToolError.invalidArguments(
                "the plan has no session on \(text.prefix(40)); its sessions are: \(planned.isEmpty ? "none" : planned.joined(separator: ", "))."
            )
        }
        return found
    }

    /// 1 = Sunday … 7 = Saturday for a weekday's name or its first three letters, any case.
    static func weekday(_ text: String) -> Int? {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard name.count >= 3 else { return nil }
        return WorkoutAvailabilityBlock.dayNames.firstIndex { $0.lowercased() == name || $0.lowercased().prefix(3) == name }.map { $0 + 1 }
    }

    private static func ordered(_ sessions: [PlannedSession]) -> [PlannedSession] {
        sessions.sorted { ($0.slot.dayOfWeek, $0.slot.startTime) < ($1.slot.dayOfWeek, $1.slot.startTime) }
    }

    /// "Monday 07:00".
    static func label(_ slot: SessionSlot) -> String {
        let day = (1...7).contains(slot.dayOfWeek) ? WorkoutAvailabilityBlock.dayNames[slot.dayOfWeek - 1] : "Day \(slot.dayOfWeek)"
        return "\(day) \(slot.startTime)"
    }
}
