public import Foundation

/// The Persona Blueprint Flow as an explicit state machine: events in, actions out, no I/O.
///
/// The caller applies the actions: render a screen, show validation messages, run goal analysis and
/// persona synthesis, persist the draft, or leave onboarding.
public struct OnboardingFlow: Sendable, Equatable {
    /// The answers and current screen.
    public var draft: OnboardingDraft

    /// What the person (or the generation step) did.
    public enum Event: Sendable, Equatable {
        /// "Begin" on the opening screen.
        case begin
        /// "Next" / "Continue" on a question screen.
        case next
        /// "Back".
        case back
        /// "Maybe later": leave now, resume another time.
        case skip
        /// Come back to a skipped or interrupted flow.
        case resume
        /// Goal analysis and synthesis finished (with the goal they produced).
        case generationSucceeded(StructuredGoal)
        /// Generation failed; the person returns to the last question screen with the reason.
        case generationFailed(String)
        /// "Review & refine" on the ready screen.
        case refine
        /// "Begin with my coach" on the ready screen.
        case finish
        /// "Add" on the availability screen: a new weekly time slot.
        case addAvailability(WorkoutAvailabilityBlock)
        /// "Remove" next to a time slot on the availability screen.
        case removeAvailability(id: UUID)
    }

    /// What the caller must do.
    public enum Action: Sendable, Equatable {
        /// Show this screen.
        case show(OnboardingScreen)
        /// Stay and show these problems next to their fields; nothing typed is lost.
        case showIssues([ValidationIssue])
        /// Save the draft (after every change of screen).
        case persistDraft
        /// Run goal analysis (when `analyzeGoal`) and persona synthesis, then send a generation event.
        case generate(analyzeGoal: Bool)
        /// Show an error banner.
        case showError(String)
        /// Leave onboarding for now (skipped); the draft stays for later.
        case leave
        /// Save the profile and go to the home page.
        case complete
    }

    /// The question screens, in order.
    public static let questionScreens: [OnboardingScreen] = [
        .lifeSnapshot, .coreAspiration, .coachingStyle, .engagementPreferences, .typicalAvailability,
        .sleepAndBoundaries, .motivationAndCheckins,
    ]

    /// Starts (or continues) a flow with `draft`.
    public init(draft: OnboardingDraft = OnboardingDraft()) {
        self.draft = draft
    }

    /// The current screen.
    public var screen: OnboardingScreen { draft.screen }

    /// Applies an event and returns the actions to perform, in order.
    public mutating func handle(_ event: Event, now: Date = Date()) -> [Action] {
        switch (event, draft.screen) {
        case (.begin, .openingScreen):
            draft.skippedAt = nil
            return move(to: .lifeSnapshot)

        case (.next, let screen) where Self.questionScreens.contains(screen):
            let issues = OnboardingValidation.issues(on: screen, in: draft)
            guard issues.isEmpty else { return [.showIssues(issues)] }
            if screen == .coachingStyle { draft.coachingStyle.normalize() }
            if screen == .engagementPreferences, let implied = draft.engagement.impliedSettings {
                draft.customEngagement = implied
            }
            if screen == .coreAspiration, !draft.needsGoalAnalysis {
                draft.structuredGoal = draft.aspirationCard?.structuredGoal
            }
            if screen == .motivationAndCheckins {
                return move(to: .generatingCoach) + [.generate(analyzeGoal: draft.needsGoalAnalysis)]
            }
            return move(to: next(after: screen))

        case (.back, let screen) where Self.questionScreens.contains(screen):
            // "Back" keeps only answers that pass the field checks of "Next"; it never stores what "Next" would refuse.
            draft.repair()
            return move(to: previous(before: screen))

        case (.skip, let screen) where screen != .generatingCoach && screen != .coachProfileReady:
            draft.skippedAt = now
            return [.persistDraft, .leave]

        case (.resume, let screen):
            draft.skippedAt = nil
            // A flow interrupted while generating restarts from the last question.
            if screen == .generatingCoach { return move(to: .motivationAndCheckins) }
            return [.show(screen)]

        case (.generationSucceeded(let goal), .generatingCoach):
            draft.structuredGoal = goal
            return move(to: .coachProfileReady)

        case (.generationFailed(let reason), .generatingCoach):
            return move(to: .motivationAndCheckins) + [.showError(reason)]

        case (.refine, .coachProfileReady):
            return move(to: .lifeSnapshot)

        case (.finish, .coachProfileReady):
            return [.complete]

        case (.addAvailability(let block), .typicalAvailability):
            // The new slot is checked against the ones already there; nothing changes when it does not fit.
            let issues = OnboardingValidation.availabilityIssues(draft.availability + [block])
            guard issues.isEmpty else { return [.showIssues(issues)] }
            draft.availability.append(block)
            draft.availability.sort { ($0.dayOfWeek, $0.startTime) < ($1.dayOfWeek, $1.startTime) }
            return [.persistDraft, .show(.typicalAvailability)]

        case (.removeAvailability(let id), .typicalAvailability):
            draft.availability.removeAll { $0.id == id }
            return [.persistDraft, .show(.typicalAvailability)]

        default:
            return [.show(draft.screen)]
        }
    }

    private mutating func move(to screen: OnboardingScreen) -> [Action] {
        draft.screen = screen
        return [.persistDraft, .show(screen)]
    }

    private func next(after screen: OnboardingScreen) -> OnboardingScreen {
        let all = OnboardingScreen.allCases
        guard let index = all.firstIndex(of: screen), index + 1 < all.count else { return screen }
        return all[index + 1]
    }

    private func previous(before screen: OnboardingScreen) -> OnboardingScreen {
        let all = OnboardingScreen.allCases
        guard let index = all.firstIndex(of: screen), index > 0 else { return screen }
        return all[index - 1]
    }
}
