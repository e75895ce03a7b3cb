import AirFitCore
import Foundation
import Hummingbird

/// The AI coach persona page (with "Refine coach persona") and the communication style page.
extension WebApp {
    func registerPersona(on router: Router<AirFitRequestContext>) {
        router.get("/settings/persona") { request, _ -> Response in
            try await requireSignIn(request) { signed in
                var context: [String: Any] = ["csrf": signed.session.csrfToken, "heading": "AI coach persona"]
                if let profile = try await dependencies.repository.onboardingProfile(userID: signed.user.id) {
                    context.merge(try PersonaPage.context(profile)) { $1 }
                    context["hasProfile"] = true
                    context["hasDraft"] = try await drafts.exists(for: signed.user.id)
                }
                return page("persona", title: "AI coach persona", user: signed.user, context: context)
            }
        }
        router.post("/settings/persona/refine") { request, _ -> Response in
            try await requireForm(request) { signed, _ in
                guard let profile = try await dependencies.repository.onboardingProfile(userID: signed.user.id) else {
                    return WebResponses.redirect("/onboarding")
                }
                // The flow's refine path: from "Coach Profile Ready" with the saved answers back to the first
                // question. The profile changes only when the person finishes the flow again.
                var flow = OnboardingFlow(
                    draft: OnboardingDraft(refining: try profile.persona(), preferredUnits: signed.user.preferredUnits))
                for action in flow.handle(.refine) where action == .persistDraft {
                    try await drafts.save(flow.draft, for: signed.user.id)
                }
                return WebResponses.redirect("/onboarding")
            }
        }
        router.get("/settings/communication") { request, _ -> Response in
            try await requireSignIn(request) { signed in
                let profile = try await dependencies.repository.onboardingProfile(userID: signed.user.id)
                let motivation = try profile?.persona().motivationStyle
                return communicationPage(
                    signed, profile: profile, motivation: motivation, errors: [], saved: request.uri.queryParameters["saved"] != nil)
            }
        }
        router.post("/settings/communication") { request, _ -> Response in
            try await requireForm(request) { signed, form in
                guard let profile = try await dependencies.repository.onboardingProfile(userID: signed.user.id) else {
                    var response = communicationPage(signed, profile: nil, motivation: nil, errors: [], saved: false)
                    response.status = .conflict
                    return response
                }
                let current = try profile.persona().motivationStyle
                let inactivity = form["absence"].flatMap(InactivityResponseStyle.init(rawValue:))
                let achievement = form["celebration"].flatMap(AchievementStyle.init(rawValue:))
                guard let inactivity, let achievement else {
                    var errors: [String] = []
                    if inactivity == nil { errors.append("Choose how your coach responds when you go quiet.") }
                    if achievement == nil { errors.append("Choose how your coach celebrates your wins.") }
                    let shown = MotivationStyle(
                        achievementStyle: achievement ?? current.achievementStyle, inactivityStyle: inactivity ?? current.inactivityStyle)
                    var response = communicationPage(signed, profile: profile, motivation: shown, errors: errors, saved: false)
                    response.status = .unprocessableContent
                    return response
                }
                let updated = try profile.updatingMotivation(
                    MotivationStyle(achievementStyle: achievement, inactivityStyle: inactivity), now: dependencies.now())
                // Persona and communication preferences are replaced together, in one transaction.
                try await dependencies.repository.saveOnboarding(updated, user: signed.user)
                return WebResponses.redirect("/settings/communication?saved=1")
            }
        }
    }

    private func communicationPage(
        _ signed: Signed, profile: OnboardingProfile?, motivation: MotivationStyle?, errors: [String], saved: Bool
    ) -> Response {
        var context: [String: Any] = [
            "csrf": signed.session.csrfToken, "heading": "Communication style", "saved": saved, "errors": errors,
            "hasErrors": !errors.isEmpty, "hasProfile": profile != nil,
        ]
        if let motivation { context.merge(PersonaPage.communicationContext(motivation)) { $1 } }
        return page("communication", title: "Communication style", user: signed.user, context: context)
    }
}
