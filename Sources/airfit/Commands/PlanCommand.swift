import AirFitCore
import AirFitStore
import ArgumentParser
import Foundation

/// `airfit plan`: the weekly training plan made from onboarding, shown and edited from the terminal (the same plan, rules
/// and version checks as the `/plan` page).
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Show or edit your weekly training plan.",
        subcommands: [Show.self, Edit.self],
        defaultSubcommand: Show.self)

    static let noPlan = CLIError("You don't have a training plan yet. Run `airfit onboard`; the plan is made from your answers.")

    /// `airfit plan show`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the week's sessions, their exercises and targets.")

        @Flag(help: "Print the plan as JSON (the same document as GET /api/v1/plan's `plan`).")
        var json = false

        @OptionGroup var person: PersonOptions

        func run() async throws {
            let json = self.json
            try await CLI.withStore(logger: CLI.logger()) { context in
                guard let owner = try await person.existingPerson(in: context),
                    let plan = try await context.store.trainingPlan(userID: owner.id)
                else { throw CLI.fail(PlanCommand.noPlan) }
                if json {
                    print(String(decoding: try JSONCoding.encoder.encode(plan), as: UTF8.self))
                } else {
                    let availability = try await PlanCoordinator(repository: context.store).availability(for: owner)
                    PlanText.lines(plan, availability: availability, user: owner).forEach { print($0) }
                }
            }
        }
    }

    /// `airfit plan edit`.
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change one session: its targets, its day, its exercises; or remove it; or set the goal date or time goal.",
            discussion: """
                The session is the number `airfit plan show` gives it. Loads and distances are in your units. Examples:
                  airfit plan edit 1 --exercise "Back squat" --sets 4 --reps 6 --load 80
                  airfit plan edit 2 --move-to 3          (to free time slot 3 from `airfit plan show`)
                  airfit plan edit 1 --add-exercise "Plank" --kind isolation --sets 3 --reps 30
                  airfit plan edit 1 --remove-exercise "Plank"
                  airfit plan edit 2 --remove
                  airfit plan edit --goal-day 2027-06-01
                  airfit plan edit --time-goal-distance 5 --time-goal-minutes 25 --time-goal-day 2027-06-01
                  airfit plan edit --clear-time-goal
                """)

        @Argument(help: "The session's number in `airfit plan show`.")
        var session: Int?

        @Option(help: "The exercise whose target changes (its name as shown).")
        var exercise: String?
        @Option(help: "Add an exercise with this name (its target from --sets/--reps/--load or --minutes/--distance).")
        var addExercise: String?
        @Option(help: "The added exercise's kind: compound, isolation or cardio (default compound).")
        var kind: String?
        @Option(help: "Remove the exercise with this name.")
        var removeExercise: String?
        @Option(help: "Sets (1-20).") var sets: String?
        @Option(help: "Reps (1-100).") var reps: String?
        @Option(help: "Load in your weight unit (kg or lbs); empty for none.") var load: String?
        @Option(help: "Minutes (cardio, 1-600).") var minutes: String?
        @Option(help: "Distance in your distance unit (cardio).") var distance: String?
        @Option(help: "Move the session to this free time slot (its number in `airfit plan show`).")
        var moveTo: Int?
        @Flag(help: "Remove the session.")
        var remove = false
        @Option(help: "The day (YYYY-MM-DD) you want to reach your goal weight; `none` clears it.")
        var goalDay: String?
        @Option(help: "A time goal's distance, in your distance unit (with --time-goal-minutes and --time-goal-day).")
        var timeGoalDistance: String?
        @Option(help: "A time goal's finish time in minutes.")
        var timeGoalMinutes: String?
        @Option(help: "The day (YYYY-MM-DD) you want to reach the time goal.")
        var timeGoalDay: String?
        @Flag(help: "Remove the time goal.")
        var clearTimeGoal = false

        @OptionGroup var person: PersonOptions

        /// The options that change the plan as a whole (no session needed).
        private var planWide: [Bool] {
            [goalDay != nil, timeGoalDistance != nil || timeGoalMinutes != nil || timeGoalDay != nil, clearTimeGoal]
        }

        func validate() throws {
            let sessionActions = [exercise != nil, addExercise != nil, removeExercise != nil, moveTo != nil, remove]
            guard (sessionActions + planWide).contains(true) else {
                throw ValidationError(
                    "Say what to change: --exercise, --add-exercise, --remove-exercise, --move-to, --remove, --goal-day or a time goal.")
            }
            if session == nil, sessionActions.contains(true) {
                throw ValidationError("Give the session's number from `airfit plan show` (airfit plan edit 1 ...).")
            }
            if clearTimeGoal, planWide[1] { throw ValidationError("Set a time goal or clear it, not both.") }
            if let kind, ExerciseKind(rawValue: kind) == nil { throw ValidationError("--kind must be compound, isolation or cardio.") }
        }

        func run() async throws {
            let edit = self
            try await CLI.withStore(logger: CLI.logger()) { context in
                guard let owner = try await edit.person.existingPerson(in: context),
                    let plan = try await context.store.trainingPlan(userID: owner.id)
                else { throw CLI.fail(PlanCommand.noPlan) }
                let coordinator = PlanCoordinator(repository: context.store)
                let availability = try await coordinator.availability(for: owner)
                let edits: [PlanEdit]
                do {
                    edits = try edit.edits(plan, availability: availability, user: owner)
                } catch let error as CLIError {
                    throw CLI.fail(error)
                }
                do {
                    let saved = try await coordinator.edit(edits, user: owner, expectedVersion: plan.version)
                    PlanText.lines(saved, availability: availability, user: owner).forEach { print($0) }
                    CLI.printError("Saved (plan version \(saved.version)).")
                } catch let error as PlanCoordinatorError {
                    throw CLI.fail(CLIError(error.errorDescription ?? "The plan wasn't changed."))
                }
            }
        }

        /// The edits the options ask for, checked against `plan`.
        func edits(_ plan: TrainingPlan, availability: [WorkoutAvailabilityBlock], user: User) throws -> [PlanEdit] {
            let units = user.preferredUnits
            var edits: [PlanEdit] = []
            if let goalDay { edits.append(.changeGoalDay(day: goalDay == "none" ? nil : goalDay)) }
            if clearTimeGoal { edits.append(.changeTimeGoal(nil)) }
            if planWide[1] {
                let input = TimeGoalInput(distance: timeGoalDistance, minutes: timeGoalMinutes, day: timeGoalDay)
                do throws(PlanEditError) {
                    guard let goal = try input.goal(units: units) else { throw PlanEditError.timeGoalOutOfRange }
                    edits.append(.changeTimeGoal(goal))
                } catch {
                    throw CLIError(error.errorDescription ?? "That time goal isn't valid.")
                }
            }
            guard session != nil else { return edits }
            let sessions = PlanText.ordered(plan, calendar: PlanCalendar(user: user))
            guard let number = session, sessions.indices.contains(number - 1) else {
                throw CLIError("There is no session \(session ?? 0); `airfit plan show` numbers them 1 to \(sessions.count).")
            }
            let chosen = sessions[number - 1]
            if remove { return edits + [.removeSession(sessionID: chosen.id)] }
            if let moveTo {
                let free = PlanText.freeSlots(availability, plan: plan)
                guard free.indices.contains(moveTo - 1) else {
                    throw CLIError("There is no free time slot \(moveTo); `airfit plan show` lists \(free.count).")
                }
                edits.append(.moveSession(sessionID: chosen.id, to: SessionSlot(free[moveTo - 1])))
            }
            let typed = ExerciseTargetInput(sets: sets, reps: reps, load: load, minutes: minutes, distance: distance)
            if let name = exercise {
                guard let found = chosen.exercises.first(where: { PlanMatching.sameExercise($0.name, name) }) else {
                    throw CLIError("Session \(number) has no exercise named \"\(name)\".")
                }
                // Unspecified fields keep their current value.
                let current = ExerciseTargetInput(found.target, units: units)
                let merged = ExerciseTargetInput(
                    sets: sets ?? current.sets, reps: reps ?? current.reps, load: load ?? current.load, minutes: minutes ?? current.minutes,
                    distance: distance ?? current.distance)
                edits.append(.changeTarget(sessionID: chosen.id, exerciseID: found.id, target: try target(merged, found.kind, units)))
            }
            if let name = addExercise {
                let kind = kind.flatMap(ExerciseKind.init(rawValue:)) ?? .compound
                let exercise = PlannedExercise(name: name, kind: kind, target: try target(typed, kind, units))
                edits.append(.addExercise(sessionID: chosen.id, exercise: exercise))
            }
            if let name = removeExercise {
                guard let found = chosen.exercises.first(where: { PlanMatching.sameExercise($0.name, name) }) else {
                    throw CLIError("Session \(number) has no exercise named \"\(name)\".")
                }
                edits.append(.removeExercise(sessionID: chosen.id, exerciseID: found.id))
            }
            return edits
        }

        private func target(_ input: ExerciseTargetInput, _ kind: ExerciseKind, _ units: MeasurementSystem) throws -> ExerciseTarget {
            do throws(PlanEditError) {
                return try input.target(kind: kind, units: units)
            } catch {
                throw CLIError(error.errorDescription ?? "That target isn't valid.")
            }
        }
    }
}

/// The plan as terminal lines.
enum PlanText {
    /// Sessions in the person's week order (the numbers `plan edit` takes).
    static func ordered(_ plan: TrainingPlan, calendar: PlanCalendar) -> [PlannedSession] { calendar.inWeekOrder(plan.sessions) }

    /// The availability blocks without a session.
    static func freeSlots(_ availability: [WorkoutAvailabilityBlock], plan: TrainingPlan) -> [WorkoutAvailabilityBlock] {
        availability.filter { block in !plan.sessions.contains { $0.slot.isInside(block) } }
    }

    static func lines(_ plan: TrainingPlan, availability: [WorkoutAvailabilityBlock], user: User) -> [String] {
        let units = user.preferredUnits
        var lines = ["Your plan (version \(plan.version))"]
        for (index, session) in ordered(plan, calendar: PlanCalendar(user: user)).enumerated() {
            let day = WorkoutAvailabilityBlock.dayNames[max(0, min(6, session.slot.dayOfWeek - 1))]
            lines.append(
                "\(index + 1). \(day) \(session.slot.startTime.twelveHourDescription)-\(session.slot.endTime.twelveHourDescription): "
                    + session.focus.displayName)
            for exercise in session.exercises { lines.append("   - \(exercise.name): \(exercise.target.description(in: units))") }
        }
        if plan.sessions.isEmpty { lines.append("No sessions yet.") }
        let free = freeSlots(availability, plan: plan)
        if !free.isEmpty {
            lines.append("Free time slots:")
            for (index, block) in free.enumerated() {
                let day = WorkoutAvailabilityBlock.dayNames[max(0, min(6, block.dayOfWeek - 1))]
                lines.append("   \(index + 1). \(day) \(block.startTime.twelveHourDescription)-\(block.endTime.twelveHourDescription)")
            }
        }
        if let goal = plan.goalDay { lines.append("Goal date: \(goal)") }
        if let goal = plan.timeGoal { lines.append("Time goal: \(goal.description(in: user.preferredUnits)) by \(goal.targetDay)") }
        return lines
    }
}
