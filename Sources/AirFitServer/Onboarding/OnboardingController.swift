import AirFitCoach
import AirFitCore
import Foundation
import Hummingbird

/// The ten onboarding screens, driven by Core's `OnboardingFlow`: every POST is one or two flow events.
struct OnboardingController: Sendable {
    let drafts: OnboardingDrafts
    let users: any UserRepository
    /// Saving the draft, goal analysis and completion.
    let steps: OnboardingSteps
    let now: @Sendable () -> Date
    let views: Views

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/onboarding") { _, context -> Response in
            let signed = context.signed
            let (draft, notes) = try await drafts.loaded(for: signed.user.id)
            return await onboardingPage(draft, signed: signed, issues: notes.map { ValidationIssue(field: "draft", message: $0) })
        }
        group.post("/onboarding") { request, context -> Response in
            try await handleOnboarding(try await request.decodeForm(OnboardingForm.self), signed: context.signed)
        }
    }

    private func handleOnboarding(_ form: OnboardingForm, signed: SignedIn) async throws -> Response {
        var flow = OnboardingFlow(draft: try await drafts.draft(for: signed.user.id))
        // A form from another screen (a stale tab) changes nothing; show where the flow really is.
        guard form.screen == flow.screen.rawValue else { return WebResponses.redirect("/onboarding") }
        form.apply(to: &flow.draft)
        let slot = flow.screen == .typicalAvailability ? form.slot : AvailabilitySlotInput()
        let action = form.action ?? "next"
        var events: [OnboardingFlow.Event]
        switch action {
        case "begin": events = [.begin]
        case "back": events = [.back]
        case "skip": events = [.skip]
        case "refine": events = [.refine]
        case "finish", "finish_provider": events = [.finish]
        default: events = [.next]
        }
        if let removed = form.remove {
            guard let id = UUID(uuidString: removed) else { return WebResponses.redirect("/onboarding") }
            events = [.removeAvailability(id: id)]
        } else if flow.screen == .typicalAvailability, action == "add_block" || action == "next" {
            switch slot.parsed() {
            case .problems(let problems):
                return await onboardingPage(flow.draft, signed: signed, issues: problems, slot: slot, status: .unprocessableContent)
            case .empty where action == "add_block":
                return await onboardingPage(
                    flow.draft, signed: signed, issues: AvailabilitySlotInput.emptyProblems, slot: slot, status: .unprocessableContent)
            case .empty:
                break
            case .block(let block):
                // A slot typed but not added yet still counts on "Next": add it, then continue.
                events = action == "add_block" ? [.addAvailability(block)] : [.addAvailability(block), .next]
            }
        }
        let runner = OnboardingRunner(effects: steps.effects(for: signed.user))
        for event in events {
            var issues: [ValidationIssue]?
            let ending = try await runner.handle(event, flow: &flow) { action, _ in
                if case .showIssues(let found) = action { issues = found }
                return []
            }
            if let issues {
                return await onboardingPage(flow.draft, signed: signed, issues: issues, slot: slot, status: .unprocessableContent)
            }
            switch ending {
            case .left:
                // "Maybe later" is the person's choice, kept with their settings: it survives signing out and in.
                var postponed = signed.user
                postponed.onboardingPostponedAt = now()
                try await users.updateUser(postponed, from: signed.user)
                return WebResponses.redirect("/")
            case .completed:
                // Chose "Choose an AI provider" on the ready screen: the provider setup, with what a key is for.
                return WebResponses.redirect(action == "finish_provider" ? "/settings/provider?setup=1" : "/")
            case nil:
                continue
            }
        }
        return WebResponses.redirect("/onboarding")
    }

    private func onboardingPage(
        _ draft: OnboardingDraft, signed: SignedIn, issues: [ValidationIssue], slot: AvailabilitySlotInput = AvailabilitySlotInput(),
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        var page = OnboardingView(draft)
        if draft.screen == .coachProfileReady {
            page.ready?.needsProvider = await CoachModelSelection.resolveIfAvailable(user: signed.user, vault: steps.vault) == nil
        }
        var general = issues
        if draft.screen == .typicalAvailability {
            let availability = AvailabilitySlotInput.view(
                draft, slot: slot, issues: issues, weekStart: signed.user.weekStart)
            page.availability = availability.view
            general = availability.general
        }
        let chrome = PageChrome(csrf: signed.session.csrfToken, errors: general.map(\.message))
        let title = draft.screen.title.isEmpty ? "Welcome" : draft.screen.title
        return views.response(page, title: title, user: signed.user, chrome: chrome, status: status)
    }
}
