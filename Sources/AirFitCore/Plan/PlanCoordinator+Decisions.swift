public import Foundation

/// What a person does with a recommendation's card.
public enum RecommendationDecision: String, Codable, Sendable, CaseIterable {
    case accept, decline, acknowledge, undo
}

extension PlanCoordinator {
    /// The person's recommendations, newest first, with suggestions past their 7 days shown as expired (reading saves
    /// nothing; the next decision saves the expiry).
    public func recommendations(for user: User) async throws -> [Recommendation] {
        let date = now()
        return try await repository.recommendations(userID: user.id).map {
            RecommendationFlow.handle(.refresh, $0, now: date).recommendation
        }
    }

    /// How many suggestions wait for the person (the badge on the Activity row).
    public func pendingCount(for user: User) async throws -> Int {
        try await recommendations(for: user).count { $0.status == .pendingReview }
    }

    /// Carries out the person's decision on a recommendation.
    /// - Throws: ``PlanCoordinatorError/stale`` when the plan changed since the suggestion (HTTP 409), `.refused` when
    ///   the card can't take that step, `.recommendationNotFound`, `.edit` when undoing no longer fits the plan.
    @discardableResult
    public func decide(_ decision: RecommendationDecision, recommendationID: UUID, user: User) async throws -> Recommendation {
        guard let recommendation = try await repository.recommendation(id: recommendationID, userID: user.id) else {
            throw PlanCoordinatorError.recommendationNotFound
        }
        guard let plan = try await repository.trainingPlan(userID: user.id) else { throw PlanCoordinatorError.noPlan }
        let event: RecommendationFlow.Event
        switch decision {
        case .accept: event = .accept(planVersion: plan.version)
        case .decline: event = .decline
        case .acknowledge: event = .acknowledge
        case .undo: event = .undo(plan: plan)
        }
        let transition = RecommendationFlow.handle(event, recommendation, now: now())
        switch transition.outcome {
        case .stale, .refused:
            if transition.recommendation != recommendation { try await repository.saveRecommendations([transition.recommendation]) }
            if case .refused(let error) = transition.outcome { throw PlanCoordinatorError.refused(error) }
            throw PlanCoordinatorError.stale
        case .done:
            break
        }
        guard !transition.actions.isEmpty else {
            try await repository.saveRecommendations([transition.recommendation])
            return transition.recommendation
        }
        let availability = try await availability(for: user)
        var changed = plan
        for action in transition.actions {
            let edit: PlanEdit?
            switch action {
            case .apply(let change): edit = change.edit
            case .revert(let change): edit = change.undoEdit
            }
            guard let edit else { continue }
            do {
                changed = try changed.applying(edit, availability: availability)
            } catch {
                throw PlanCoordinatorError.edit(error)
            }
        }
        guard try await repository.savePlan(changed, expectedVersion: plan.version, recommendations: [transition.recommendation]) else {
            throw decision == .accept ? PlanCoordinatorError.stale : PlanCoordinatorError.planChanged
        }
        return transition.recommendation
    }

    /// Recomputes a suggestion the plan outgrew: the old one expires, and the rules run on the current plan.
    /// - Returns: the new suggestion for the same exercise, session or goal, or nil when nothing needs changing now.
    public func recompute(recommendationID: UUID, user: User) async throws -> Recommendation? {
        guard var old = try await repository.recommendation(id: recommendationID, userID: user.id) else {
            throw PlanCoordinatorError.recommendationNotFound
        }
        if old.status == .pendingReview {
            old.status = .expired
            old.updatedAt = now()
            try await repository.saveRecommendations([old])
        }
        return try await analyze(user: user).first { $0.change.scope == old.change.scope }
    }

    /// Makes the coach's proposal from the chat a pending recommendation (never applied at once, even under
    /// auto-pilot): it must fit the current plan, start from what the plan holds now and change something.
    /// - Throws: ``PlanCoordinatorError/invalidProposal(_:)`` naming what doesn't fit, `.noPlan`.
    @discardableResult
    public func propose(_ change: PlanChange, reason: String, user: User) async throws -> Recommendation {
        guard let plan = try await repository.trainingPlan(userID: user.id) else { throw PlanCoordinatorError.noPlan }
        guard change.planVersion == plan.version, plan.holds(change.before, at: change.scope) else {
            throw PlanCoordinatorError.invalidProposal("The plan changed; read it again and propose from what it holds now.")
        }
        guard change.before != change.after, let edit = change.edit else {
            throw PlanCoordinatorError.invalidProposal("The proposal changes nothing.")
        }
        let availability = try await availability(for: user)
        do {
            _ = try plan.applying(edit, availability: availability)
        } catch {
            throw PlanCoordinatorError.invalidProposal(error.errorDescription ?? "The change breaks a plan rule.")
        }
        let text = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        let recommendation = Recommendation(
            userID: user.id, change: change, reason: text.isEmpty ? change.fallbackReason(in: plan, units: user.preferredUnits) : text,
            createdAt: now())
        try await repository.saveRecommendations([recommendation])
        return recommendation
    }
}
