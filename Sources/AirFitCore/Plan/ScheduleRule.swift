import Foundation

/// Schedule: a planned weekday with no workout in either of the last two complete weeks, while the person did train
/// on other days of both, moves to a free availability block on a weekday they do train.
enum ScheduleRule {
    /// Moves for every session whose weekday was missed two weeks running.
    static func changes(_ input: PlanAnalysis.Input) -> [PlanChange] {
        let weeks = [1, 2].map { input.calendar.completeWeek($0, before: input.now) }
        let trained = weeks.map { week in
            Set(input.workouts.filter { week.contains($0.startedAt) }.map { input.calendar.dayOfWeek(of: $0.startedAt) })
        }
        guard trained.allSatisfy({ !$0.isEmpty }) else { return [] }
        // Busiest days first (trained both weeks, then one), in the order the person's week lists them.
        func weeksTrained(_ weekday: Int) -> Int { trained.filter { $0.contains(weekday) }.count }
        let candidates = input.calendar.weekStart.weekdays.filter { weeksTrained($0) > 0 }.enumerated()
            .sorted { (weeksTrained($0.element), -$0.offset) > (weeksTrained($1.element), -$1.offset) }.map(\.element)
        let twoWeeksAgo = weeks[1].lowerBound
        var taken = Set(input.plan.sessions.compactMap { $0.slot.block(in: input.availability)?.id })
        var changes: [PlanChange] = []
        for session in input.plan.sessions {
            let scope = PlanChange.Scope.session(sessionID: session.id)
            let day = session.slot.dayOfWeek
            guard !trained[0].contains(day), !trained[1].contains(day) else { continue }
            // A session placed or moved within the two weeks had no fair chance yet.
            if let last = input.lastApplied(to: scope), last.appliedAt >= twoWeeksAgo { continue }
            let free = candidates.lazy.filter { $0 != day }.compactMap { weekday in
                input.availability.filter { $0.dayOfWeek == weekday && $0.durationMinutes > 0 && !taken.contains($0.id) }
                    .min { $0.startTime < $1.startTime }
            }.first
            guard let block = free else { continue }
            let own = session.slot.block(in: input.availability)
            taken.insert(block.id)
            if let own { taken.remove(own.id) }
            changes.append(
                PlanChange(
                    kind: .schedule, scope: scope, before: .slot(session.slot), after: .slot(slot(for: session.slot, in: block)),
                    planVersion: input.plan.version))
        }
        return changes
    }

    /// The session's length placed at the start of `block` (shortened to the block when longer).
    static func slot(for slot: SessionSlot, in block: WorkoutAvailabilityBlock) -> SessionSlot {
        let minutes = min(slot.durationMinutes, block.durationMinutes)
        let end = (block.startTime.minutesSinceMidnight + minutes) % 1440
        return SessionSlot(
            dayOfWeek: block.dayOfWeek, startTime: block.startTime,
            endTime: TimeOfDay(hour: end / 60, minute: end % 60) ?? block.endTime)
    }
}
