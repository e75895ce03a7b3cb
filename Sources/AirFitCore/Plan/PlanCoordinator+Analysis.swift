import Foundation

extension PlanCoordinator {
    /// How far back the rules read workouts (progression reads an exercise's last two sessions; schedule two weeks).
    static let workoutWindowDays = 56
    /// How far back the rules read check-ins (deload reads five days, goal pace four weeks).
    static let checkInWindowDays = 35

    /// Runs the rules after a logged workout (a form or the coach's `logWorkout`). Never throws: logging a workout
    /// must not fail because the analysis did; an analysis that fails proposes nothing this time.
    @discardableResult
    public func workoutLogged(user: User) async -> [Recommendation] {
        (try? await analyze(user: user)) ?? []
    }

    /// Runs the weekly analysis when the person's week (their time zone, their week start) has begun since the last one.
    /// Returns nil when this week's analysis already ran (here or on another server).
    public func weeklyAnalysisIfDue(user: User) async throws -> [Recommendation]? {
        let calendar = PlanCalendar(user: user)
        let week = calendar.day(of: calendar.startOfWeek(containing: now()))
        guard try await repository.claimWeeklyAnalysis(userID: user.id, weekDay: week) else { return nil }
        return try await analyze(user: user)
    }

    /// Runs the rules against the current plan and saves what they propose as new recommendations, skipping any
    /// exercise, session or goal that already has one waiting. Under auto-pilot, progression and deload changes are
    /// applied at once (marked applied by the coach); schedule and goal changes always wait for review.
    /// - Returns: the recommendations made, in the rules' order.
    @discardableResult
    public func analyze(user: User) async throws -> [Recommendation] {
        for _ in 1...Self.attempts {
            guard let plan = try await repository.trainingPlan(userID: user.id) else { return [] }
            let existing = try await repository.recommendations(userID: user.id)
            let input = try await analysisInput(user: user, plan: plan, recommendations: existing)
            let date = now()
            let waiting = Set(
                existing.map { RecommendationFlow.handle(.refresh, $0, now: date).recommendation }
                    .filter { $0.status == .pendingReview }.map(\.change.scope))
            let changes = PlanAnalysis.changes(input).filter { !waiting.contains($0.scope) }
            guard !changes.isEmpty else { return [] }
            var made: [Recommendation] = []
            for change in changes {
                let reason = await reasons.reason(for: change, in: plan, user: user)
                made.append(Recommendation(userID: user.id, change: change, reason: reason, createdAt: date))
            }
            let autopilotOn = try await isAutopilotOn(userID: user.id)
            guard autopilotOn, made.contains(where: { $0.change.kind.autopilotMayApply }) else {
                try await repository.saveRecommendations(made)
                return made
            }
            let (applied, recommendations) = try applyByCoach(made, to: plan, availability: input.availability, at: date)
            if try await repository.savePlan(applied, expectedVersion: plan.version, recommendations: recommendations) {
                return recommendations
            }
        }
        return []
    }

    /// The plan with every change auto-pilot may apply applied by the coach, and the recommendations as they end up.
    /// The changes come from one analysis of one plan version and touch different things, so each is rebased on the
    /// version the previous one made.
    func applyByCoach(_ made: [Recommendation], to plan: TrainingPlan, availability: [WorkoutAvailabilityBlock], at date: Date) throws
        -> (TrainingPlan, [Recommendation])
    {
        var current = plan
        var result: [Recommendation] = []
        for var recommendation in made {
            guard recommendation.change.kind.autopilotMayApply, let edit = recommendation.change.edit,
                let next = try? current.applying(edit, availability: availability)
            else {
                result.append(recommendation)
                continue
            }
            recommendation.change.planVersion = current.version
            let transition = RecommendationFlow.handle(.applyByCoach(planVersion: current.version), recommendation, now: date)
            guard transition.outcome == .done else {
                result.append(recommendation)
                continue
            }
            current = next
            result.append(transition.recommendation)
        }
        return (current, result)
    }

    /// What the rules read: the plan, availability, recent workouts and check-ins, the changes applied so far.
    func analysisInput(user: User, plan: TrainingPlan, recommendations: [Recommendation]) async throws -> PlanAnalysis.Input {
        let date = now()
        let calendar = PlanCalendar(user: user)
        let workouts = try await repository.workouts(
            userID: user.id, query: RecordQuery(from: date.addingTimeInterval(-Double(Self.workoutWindowDays) * 86_400)))
        let firstDay = calendar.day(of: date.addingTimeInterval(-Double(Self.checkInWindowDays) * 86_400))
        let checkIns = try await repository.dailyLogs(userID: user.id, fromDay: firstDay, toDay: nil, query: RecordQuery())
        let applied = recommendations.compactMap { recommendation -> AppliedPlanChange? in
            guard recommendation.status == .applied || recommendation.status == .acknowledged, let at = recommendation.appliedAt else {
                return nil
            }
            return AppliedPlanChange(change: recommendation.change, appliedAt: at)
        }
        let goal = zip(user.goalWeightKg, plan.goalDay).map { WeightGoal(targetKilograms: $0, targetDay: $1) }
        return PlanAnalysis.Input(
            plan: plan, availability: try await availability(for: user), workouts: workouts, checkIns: checkIns, applied: applied,
            units: user.preferredUnits, calendar: calendar, now: date, weightGoal: goal)
    }
}

/// Both values, when both are there.
private func zip<A, B>(_ first: A?, _ second: B?) -> (A, B)? {
    guard let first, let second else { return nil }
    return (first, second)
}
