public import AirFitCore
import Foundation

/// Runs Core's onboarding state machine for a host (the web app or the command line): one event in, every action
/// it leads to carried out. The effects — saving the draft, generating the goal, completing — go to
/// ``OnboardingEffects``; what a person sees (screens, problems, errors) goes to the host's `present`, which may
/// answer with more events.
public struct OnboardingRunner: Sendable {
    /// How a run ended when it did not stop to wait for the person.
    public enum Ending: Sendable, Equatable {
        /// The profile was saved.
        case completed
        /// The person chose "Maybe later"; the draft stays.
        case left
    }

    let effects: OnboardingEffects

    /// Creates a runner over `effects`.
    public init(effects: OnboardingEffects) {
        self.effects = effects
    }

    /// Handles `event` and every action it leads to, in order.
    /// - Parameter present: shows `.show`, `.showIssues` and `.showError` actions; returns the events they lead to
    ///   (usually none).
    /// - Returns: how the flow ended, or nil when it now waits for the person.
    public func handle(
        _ event: OnboardingFlow.Event, flow: inout OnboardingFlow,
        present: (OnboardingFlow.Action, OnboardingDraft) async throws -> [OnboardingFlow.Event]
    ) async throws -> Ending? {
        try await run(flow.handle(event), flow: &flow, present: present)
    }

    /// Carries out `actions` (and those they lead to) for `flow`.
    public func run(
        _ actions: [OnboardingFlow.Action], flow: inout OnboardingFlow,
        present: (OnboardingFlow.Action, OnboardingDraft) async throws -> [OnboardingFlow.Event]
    ) async throws -> Ending? {
        var pending = actions
        while !pending.isEmpty {
            let action = pending.removeFirst()
            switch action {
            case .show, .showIssues, .showError:
                for event in try await present(action, flow.draft) { pending += flow.handle(event) }
            case .persistDraft:
                try await effects.persist(flow.draft)
            case .generate(let analyzeGoal):
                pending += flow.handle(.generationSucceeded(await effects.goal(flow.draft, analyzeGoal)))
            case .leave:
                return .left
            case .complete:
                try await effects.complete(flow.draft)
                return .completed
            }
        }
        return nil
    }
}

/// What onboarding does besides showing screens, as the host provides it.
public struct OnboardingEffects: Sendable {
    /// Saves the half-finished draft.
    public var persist: @Sendable (OnboardingDraft) async throws -> Void
    /// The structured goal for the draft (analysed when asked; ``OnboardingCompletion/goal(for:analyzeGoal:selection:)``).
    public var goal: @Sendable (OnboardingDraft, _ analyzeGoal: Bool) async -> StructuredGoal
    /// Saves the persona and forgets the draft.
    public var complete: @Sendable (OnboardingDraft) async throws -> Void

    /// Creates the effects.
    public init(
        persist: @escaping @Sendable (OnboardingDraft) async throws -> Void,
        goal: @escaping @Sendable (OnboardingDraft, _ analyzeGoal: Bool) async -> StructuredGoal,
        complete: @escaping @Sendable (OnboardingDraft) async throws -> Void
    ) {
        self.persist = persist
        self.goal = goal
        self.complete = complete
    }
}
