public import Foundation

/// The built-in plan library: a first weekly plan from the aspiration, the life snapshot and the free slots, with no
/// AI provider needed. The same answers always give the same plan.
public enum PlanTemplates {
    /// The most sessions a generated plan holds, however many slots there are.
    public static let maximumSessions = 6

    /// A first plan for a person: one session in each of up to six availability blocks (one per weekday first), each
    /// with exercises and starting targets. Loads are nil: the person's first sessions set them.
    /// - Parameter makeID: Makes the plan's, sessions' and exercises' ids (a counter in tests).
    public static func plan(
        userID: UUID, aspiration: AspirationCard, lifeSnapshot: LifeSnapshotSelections,
        availability: [WorkoutAvailabilityBlock], makeID: () -> UUID = { UUID() }
    ) -> TrainingPlan {
        let slots = chooseSlots(availability)
        let focuses = focuses(for: aspiration, count: slots.count, lifeSnapshot: lifeSnapshot)
        let shortDays = lifeSnapshot.busyProfessional || lifeSnapshot.parentCaregiver || lifeSnapshot.shiftWorker
        let sessionMinutes = shortDays ? 45 : 60
        let planID = makeID()
        let sessions = zip(slots, focuses).map { block, focus in
            let minutes = min(sessionMinutes, block.durationMinutes)
            let end = (block.startTime.minutesSinceMidnight + minutes) % 1440
            let slot = SessionSlot(
                dayOfWeek: block.dayOfWeek, startTime: block.startTime,
                endTime: TimeOfDay(hour: end / 60, minute: end % 60) ?? block.endTime)
            let exercises = PlanLibrary.exercises(for: focus, lifeSnapshot: lifeSnapshot, short: shortDays)
            return PlannedSession(
                id: makeID(), slot: slot, focus: focus,
                exercises: exercises.map { PlannedExercise(id: makeID(), name: $0.name, kind: $0.kind, target: $0.target) })
        }
        return TrainingPlan(id: planID, userID: userID, version: 1, sessions: sessions)
    }

    /// The aspiration card behind a persona: its card, or for the person's own words the structured goal's type.
    public static func aspiration(of persona: PersonaProfile) -> AspirationCard {
        let (card, _) = OnboardingDraft.aspiration(from: persona.coreAspiration)
        if let card, card != .custom { return card }
        switch persona.structuredGoal?.goalType {
        case "weight_loss": return .loseWeight
        case "strength", "muscle_gain": return .strengthTone
        case "endurance": return .endurance
        case "performance": return .performance
        case "recovery": return .recoverRebuild
        default: return .lastingHealth
        }
    }

    /// Up to six usable blocks (longer than zero minutes), the earliest on each weekday first, in week order (Monday on).
    static func chooseSlots(_ availability: [WorkoutAvailabilityBlock]) -> [WorkoutAvailabilityBlock] {
        let order = WeekStart.monday.weekdays
        let usable = availability.filter { order.contains($0.dayOfWeek) && $0.durationMinutes > 0 }
            .sorted {
                (order.firstIndex(of: $0.dayOfWeek)!, $0.startTime.minutesSinceMidnight)
                    < (order.firstIndex(of: $1.dayOfWeek)!, $1.startTime.minutesSinceMidnight)
            }
        // Sessions in blocks that overlap would clash, so a block overlapping one already chosen is left out.
        var firstOfDay: [WorkoutAvailabilityBlock] = []
        var rest: [WorkoutAvailabilityBlock] = []
        for block in usable {
            if firstOfDay.contains(where: { $0.dayOfWeek == block.dayOfWeek }) { rest.append(block) } else { firstOfDay.append(block) }
        }
        var chosen: [WorkoutAvailabilityBlock] = []
        for block in firstOfDay + rest where chosen.count < maximumSessions && !chosen.contains(where: { $0.overlaps(block) }) {
            chosen.append(block)
        }
        return chosen.sorted {
            (order.firstIndex(of: $0.dayOfWeek)!, $0.startTime.minutesSinceMidnight)
                < (order.firstIndex(of: $1.dayOfWeek)!, $1.startTime.minutesSinceMidnight)
        }
    }

    /// The focus of each session for `count` sessions.
    static func focuses(for aspiration: AspirationCard, count: Int, lifeSnapshot: LifeSnapshotSelections) -> [SessionFocus] {
        let count = min(max(count, 0), maximumSessions)
        var focuses: [SessionFocus]
        switch aspiration {
        case .strengthTone:
            let splits: [[SessionFocus]] = [
                [], [.fullBody], [.upper, .lower], [.push, .pull, .legs], [.upper, .lower, .upper, .lower],
                [.push, .pull, .legs, .upper, .lower], [.push, .pull, .legs, .push, .pull, .legs],
            ]
            focuses = splits[count]
        case .loseWeight: focuses = Array([.fullBody, .conditioning, .fullBody, .conditioning, .mobility, .fullBody].prefix(count))
        case .endurance: focuses = Array([.run, .fullBody, .run, .ride, .mobility, .run].prefix(count))
        case .performance:
            focuses = count == 1 ? [.fullBody] : Array([.lower, .upper, .conditioning, .run, .fullBody, .mobility].prefix(count))
        case .lastingHealth, .custom:
            focuses = Array([.fullBody, .conditioning, .mobility, .fullBody, .ride, .mobility].prefix(count))
        case .recoverRebuild: focuses = Array([.mobility, .fullBody, .mobility, .ride, .mobility, .fullBody].prefix(count))
        }
        // Someone recovering from an injury or illness swaps hard intervals for mobility work.
        if lifeSnapshot.recovering { focuses = focuses.map { $0 == .conditioning ? .mobility : $0 } }
        return focuses
    }
}
