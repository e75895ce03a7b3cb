import AirFitCore
import Foundation

/// Training plans and recommendations with every kind of session, target, change, scope and value in them.
extension Fixture {
    /// A plan with a strength and a cardio session, a target with no load yet, and a goal day.
    static func plan(userID: UUID, version: Int = 1) -> TrainingPlan {
        let strength = PlannedSession(
            slot: SessionSlot(dayOfWeek: 2, startTime: TimeOfDay("6:30")!, endTime: TimeOfDay("7:30")!), focus: .fullBody,
            exercises: [
                PlannedExercise(name: "Back squat", kind: .compound, target: .strength(sets: 3, reps: 5, loadKilograms: 102.5)),
                PlannedExercise(name: "Curl, \"hammer\"", kind: .isolation, target: .strength(sets: 3, reps: 12, loadKilograms: nil)),
            ])
        let cardio = PlannedSession(
            slot: SessionSlot(dayOfWeek: 7, startTime: TimeOfDay("23:30")!, endTime: TimeOfDay("0:15")!), focus: .run,
            exercises: [
                PlannedExercise(name: "Easy run", kind: .cardio, target: .cardio(minutes: 40.5, kilometres: nil)),
                PlannedExercise(name: "Ride", kind: .cardio, target: .cardio(minutes: nil, kilometres: 20.25)),
            ])
        return TrainingPlan(userID: userID, version: version, sessions: [strength, cardio], goalDay: "2027-03-01")
    }

    /// One change of each kind against `plan`, touching an exercise, a session and the weight goal.
    static func changes(for plan: TrainingPlan) -> [PlanChange] {
        let session = plan.sessions[0]
        let squat = PlanChange.Scope.exercise(sessionID: session.id, exerciseID: session.exercises[0].id)
        let run = PlanChange.Scope.exercise(sessionID: plan.sessions[1].id, exerciseID: plan.sessions[1].exercises[0].id)
        let heavier = PlanChange.Value.target(.strength(sets: 3, reps: 5, loadKilograms: 105))
        let current = PlanChange.Value.target(.strength(sets: 3, reps: 5, loadKilograms: 102.5))
        let lighter = PlanChange.Value.target(.strength(sets: 3, reps: 5, loadKilograms: 92.5))
        let moved = SessionSlot(dayOfWeek: 4, startTime: TimeOfDay("18:00")!, endTime: TimeOfDay("19:00")!)
        return [
            PlanChange(kind: .progression, scope: squat, before: current, after: heavier, planVersion: plan.version),
            PlanChange(
                kind: .progression, scope: run, before: .target(.cardio(minutes: 40.5, kilometres: nil)),
                after: .target(.cardio(minutes: 44.5, kilometres: nil)), planVersion: plan.version),
            PlanChange(kind: .deload, scope: squat, before: current, after: lighter, planVersion: plan.version),
            PlanChange(kind: .deloadReturn, scope: squat, before: lighter, after: current, planVersion: plan.version + 1),
            PlanChange(
                kind: .schedule, scope: .session(sessionID: session.id), before: .slot(session.slot), after: .slot(moved),
                planVersion: plan.version),
            PlanChange(
                kind: .goalPace, scope: .weightGoal, before: .goal(WeightGoal(targetKilograms: 72.5, targetDay: "2027-03-01")),
                after: .goal(WeightGoal(targetKilograms: 72.5, targetDay: "2027-04-12")), planVersion: plan.version),
        ]
    }

    /// A recommendation in every state a card shows: created at sub-millisecond instants (the store keeps them exact).
    static func recommendations(for plan: TrainingPlan) -> [Recommendation] {
        let states: [(RecommendationStatus, RecommendationApplier?)] = [
            (.pendingReview, nil), (.applied, .coach), (.applied, .person), (.acknowledged, .coach), (.rejected, nil), (.expired, nil),
        ]
        return zip(changes(for: plan), states).enumerated().map { index, pair in
            let (change, (status, applier)) = pair
            var recommendation = Recommendation(
                userID: plan.userID, change: change, reason: "Reason \(index): you \"nailed\" it,\nkeep going.",
                createdAt: at(Double(index) * 60 + 0.123_456))
            recommendation.status = status
            recommendation.appliedBy = applier
            if applier != nil { recommendation.appliedAt = at(Double(index) * 60 + 30.654_321) }
            if status != .pendingReview { recommendation.updatedAt = at(Double(index) * 60 + 45.5) }
            return recommendation
        }
    }
}
