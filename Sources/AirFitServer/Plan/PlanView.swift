import AirFitCore
import Foundation

/// `/plan`: today's session, the week's sessions with their exercises, and forms to add a session and set a goal day.
struct PlanView: PageView {
    static let template = "plan"

    /// One exercise as listed.
    struct Exercise: Sendable {
        let name: String
        let target: String
    }

    /// One session as listed.
    struct Session: Sendable {
        let id: String
        let day: String
        let time: String
        let focus: String
        let exercises: [Exercise]
        let hasExercises: Bool
        /// A workout logged this week matched it.
        let done: Bool

        init(_ session: PlannedSession, units: MeasurementSystem, done: Bool) {
            id = session.id.uuidString
            day = SessionSlot.dayName(session.slot.dayOfWeek)
            time = "\(session.slot.startTime.twelveHourDescription)–\(session.slot.endTime.twelveHourDescription)"
            focus = session.focus.displayName
            exercises = session.exercises.map { Exercise(name: $0.name, target: $0.target.description(in: units)) }
            hasExercises = !session.exercises.isEmpty
            self.done = done
        }
    }

    let hasPlan: Bool
    let today: [Session]
    let hasToday: Bool
    let sessions: [Session]
    let hasSessions: Bool
    let version: Int
    /// Availability blocks without a session (`value` = the block's index).
    let freeSlots: [Choice]
    let hasFreeSlots: Bool
    let focuses: [Choice]
    /// The goal weight in the person's units, when they set one.
    let goalWeight: String?
    let goalDay: String
    /// The time goal's fields as shown (in the person's distance unit); blank when none is set.
    let timeGoalDistance: String
    let timeGoalMinutes: String
    let timeGoalDay: String
    let hasTimeGoal: Bool
    let distanceUnit: String
    let hasAvailability: Bool
    var notices: [String] = []

    init(plan: TrainingPlan?, availability: [WorkoutAvailabilityBlock], done: Set<UUID>, now: Date, user: User) {
        let units = user.preferredUnits
        let calendar = PlanCalendar(user: user)
        let ordered = calendar.inWeekOrder(plan?.sessions ?? [])
        hasPlan = plan != nil
        sessions = ordered.map { Session($0, units: units, done: done.contains($0.id)) }
        hasSessions = !sessions.isEmpty
        today =
            plan.map { PlanMatching.sessions(on: now, in: $0, calendar: calendar) }?.map {
                Session($0, units: units, done: done.contains($0.id))
            } ?? []
        hasToday = !today.isEmpty
        version = plan?.version ?? 0
        freeSlots = PlanSlots.free(availability, plan: plan).map { Choice(value: "\($0.index)", name: PlanSlots.name($0.block)) }
        hasFreeSlots = hasPlan && !freeSlots.isEmpty
        focuses = SessionFocus.allCases.map { Choice(value: $0.rawValue, name: $0.displayName) }
        goalWeight = user.goalWeightKg.map { units.formatWeight(kilograms: $0, fractionDigits: 1) }
        goalDay = plan?.goalDay ?? ""
        let timeGoal = TimeGoalInput(plan?.timeGoal, units: units)
        timeGoalDistance = timeGoal.distance
        timeGoalMinutes = timeGoal.minutes
        timeGoalDay = timeGoal.day
        hasTimeGoal = plan?.timeGoal != nil
        distanceUnit = units.distanceUnit
        hasAvailability = !availability.isEmpty
    }
}

/// The person's availability blocks as choices for a session's slot.
enum PlanSlots {
    /// The blocks no session sits in, with their index in `availability`.
    static func free(_ availability: [WorkoutAvailabilityBlock], plan: TrainingPlan?, keeping session: PlannedSession? = nil)
        -> [(index: Int, block: WorkoutAvailabilityBlock)]
    {
        availability.enumerated().filter { _, block in
            !(plan?.sessions ?? []).contains { $0.id != session?.id && $0.slot.isInside(block) }
        }.map { ($0.offset, $0.element) }
    }

    /// "Monday, 6:00 AM–7:00 AM".
    static func name(_ block: WorkoutAvailabilityBlock) -> String {
        "\(SessionSlot.dayName(block.dayOfWeek)), \(block.startTime.twelveHourDescription)–\(block.endTime.twelveHourDescription)"
    }

    /// The block a posted choice names, if it is one of the person's.
    static func block(_ value: String?, in availability: [WorkoutAvailabilityBlock]) -> WorkoutAvailabilityBlock? {
        guard let value, let index = Int(value), availability.indices.contains(index) else { return nil }
        return availability[index]
    }
}

extension SessionSlot {
    /// "Monday" for 2.
    static func dayName(_ dayOfWeek: Int) -> String {
        (1...7).contains(dayOfWeek) ? WorkoutAvailabilityBlock.dayNames[dayOfWeek - 1] : "Another day"
    }
}
