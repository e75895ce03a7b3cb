import AirFitCoach
import AirFitCore
import Foundation
import Hummingbird

/// The ten onboarding screens, driven by Core's `OnboardingFlow`: every POST is one or two flow events.
struct OnboardingController: Sendable {
    let drafts: OnboardingDrafts
    let sessions: SessionStore
    let vault: any SecretVault
    /// Goal analysis and saving, shared with the CLI.
    let completion: OnboardingCompletion
    let views: Views

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/onboarding") { _, context -> Response in
            let signed = context.signed
            let (draft, notes) = try await drafts.loaded(for: signed.user.id)
            return onboardingPage(draft, signed: signed, issues: notes.map { ValidationIssue(field: "draft", message: $0) })
        }
        group.post("/onboarding") { request, context -> Response in
            try await handleOnboarding(try await FormData.read(request), signed: context.signed)
        }
    }

    private func handleOnboarding(_ form: FormData, signed: SignedIn) async throws -> Response {
        var flow = OnboardingFlow(draft: try await drafts.draft(for: signed.user.id))
        // A form from another screen (a stale tab) changes nothing; show where the flow really is.
        guard form["screen"] == flow.screen.rawValue else { return WebResponses.redirect("/onboarding") }
        OnboardingForm.apply(form, to: &flow.draft)
        let slot = flow.screen == .typicalAvailability ? AvailabilitySlotInput(form) : AvailabilitySlotInput()
        let action = form["action"] ?? "next"
        var events: [OnboardingFlow.Event]
        switch action {
        case "begin": events = [.begin]
        case "back": events = [.back]
        case "skip": events = [.skip]
        case "refine": events = [.refine]
        case "finish": events = [.finish]
        default: events = [.next]
        }
        if let removed = form["remove"] {
            guard let id = UUID(uuidString: removed) else { return WebResponses.redirect("/onboarding") }
            events = [.removeAvailability(id: id)]
        } else if flow.screen == .typicalAvailability, action == "add_block" || action == "next" {
            switch slot.parsed() {
            case .problems(let problems):
                return onboardingPage(flow.draft, signed: signed, issues: problems, slot: slot, status: .unprocessableContent)
            case .empty where action == "add_block":
                return onboardingPage(
                    flow.draft, signed: signed, issues: AvailabilitySlotInput.emptyProblems, slot: slot, status: .unprocessableContent)
            case .empty:
                break
            case .block(let block):
                // A slot typed but not added yet still counts on "Next": add it, then continue.
                events = action == "add_block" ? [.addAvailability(block)] : [.addAvailability(block), .next]
            }
        }
        var response = WebResponses.redirect("/onboarding")
        for event in events {
            var pending = flow.handle(event)
            while !pending.isEmpty {
                let action = pending.removeFirst()
                switch action {
                case .show, .showError: break
                case .persistDraft: try await drafts.save(flow.draft, for: signed.user.id)
                case .showIssues(let issues):
                    return onboardingPage(flow.draft, signed: signed, issues: issues, slot: slot, status: .unprocessableContent)
                case .generate(let analyzeGoal):
                    // Goal analysis asks the person's provider (bounded by a timeout) and falls back to the local analysis.
                    let selection = await CoachModelSelection.resolveIfAvailable(user: signed.user, vault: vault)
                    let result = await completion.goal(for: flow.draft, analyzeGoal: analyzeGoal, selection: selection)
                    pending += flow.handle(.generationSucceeded(result.goal))
                case .leave:
                    var session = signed.session
                    session.skippedOnboarding = true
                    try await sessions.update(session)
                    response = WebResponses.redirect("/")
                case .complete:
                    try await completion.complete(flow.draft, user: signed.user)
                    try await drafts.remove(for: signed.user.id)
                    response = WebResponses.redirect("/")
                }
            }
        }
        return response
    }

    private func onboardingPage(
        _ draft: OnboardingDraft, signed: SignedIn, issues: [ValidationIssue], slot: AvailabilitySlotInput = AvailabilitySlotInput(),
        status: HTTPResponse.Status = .ok
    ) -> Response {
        var context = OnboardingForm.context(draft)
        var general = issues
        if draft.screen == .typicalAvailability {
            let availability = AvailabilitySlotInput.context(draft, slot: slot, issues: issues)
            context.merge(availability.context) { $1 }
            general = availability.general
        }
        context["csrf"] = signed.session.csrfToken
        context["errors"] = general.map(\.message)
        context["hasErrors"] = !general.isEmpty
        let title = draft.screen.title.isEmpty ? "Welcome" : draft.screen.title
        return views.response("onboarding", title: title, user: signed.user, context: context, status: status)
    }
}
