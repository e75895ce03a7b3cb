import AirFitCoach
import AirFitCore
import Foundation
import Hummingbird

/// The ten onboarding screens, driven by Core's `OnboardingFlow`: every POST is one flow event.
extension WebApp {
    func registerOnboarding(on router: Router<AirFitRequestContext>) {
        router.get("/onboarding") { request, _ -> Response in
            try await requireSignIn(request) { signed in
                let draft = try await drafts.draft(for: signed.user.id)
                return onboardingPage(draft, signed: signed, issues: [])
            }
        }
        router.post("/onboarding") { request, _ -> Response in
            try await requireForm(request) { signed, form in try await handleOnboarding(form, signed: signed) }
        }
    }

    /// Goal analysis and saving, shared with the CLI.
    var onboardingCompletion: OnboardingCompletion {
        OnboardingCompletion(repository: dependencies.repository, analyzer: GoalAnalyzer(streamer: dependencies.aiClient))
    }

    private func handleOnboarding(_ form: FormData, signed: Signed) async throws -> Response {
        var flow = OnboardingFlow(draft: try await drafts.draft(for: signed.user.id))
        // A form from another screen (a stale tab) changes nothing; show where the flow really is.
        guard form["screen"] == flow.screen.rawValue else { return WebResponses.redirect("/onboarding") }
        OnboardingForm.apply(form, to: &flow.draft)
        let event: OnboardingFlow.Event
        switch form["action"] {
        case "begin": event = .begin
        case "back": event = .back
        case "skip": event = .skip
        case "refine": event = .refine
        case "finish": event = .finish
        default: event = .next
        }
        var pending = flow.handle(event)
        var issues: [ValidationIssue] = []
        var response = WebResponses.redirect("/onboarding")
        while !pending.isEmpty {
            let action = pending.removeFirst()
            switch action {
            case .show, .showError: break
            case .persistDraft: try await drafts.save(flow.draft, for: signed.user.id)
            case .showIssues(let found): issues = found
            case .generate(let analyzeGoal):
                // Goal analysis asks the person's provider (bounded by a timeout) and falls back to the local analysis.
                let selection = await CoachModelSelection.resolveIfAvailable(user: signed.user, vault: dependencies.vault)
                let result = await onboardingCompletion.goal(for: flow.draft, analyzeGoal: analyzeGoal, selection: selection)
                pending += flow.handle(.generationSucceeded(result.goal))
            case .leave:
                var session = signed.session
                session.skippedOnboarding = true
                try await sessions.update(session)
                response = WebResponses.redirect("/")
            case .complete:
                try await onboardingCompletion.complete(flow.draft, user: signed.user)
                try await drafts.remove(for: signed.user.id)
                response = WebResponses.redirect("/")
            }
        }
        if !issues.isEmpty {
            var page = onboardingPage(flow.draft, signed: signed, issues: issues)
            page.status = .unprocessableContent
            return page
        }
        return response
    }

    private func onboardingPage(_ draft: OnboardingDraft, signed: Signed, issues: [ValidationIssue]) -> Response {
        var context = OnboardingForm.context(draft)
        context["csrf"] = signed.session.csrfToken
        context["errors"] = issues.map(\.message)
        context["hasErrors"] = !issues.isEmpty
        let title = draft.screen.title.isEmpty ? "Welcome" : draft.screen.title
        return page("onboarding", title: title, user: signed.user, context: context)
    }
}
