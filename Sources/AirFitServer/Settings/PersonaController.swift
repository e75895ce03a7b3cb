import AirFitCoach
import AirFitCore
import Foundation
import Hummingbird

/// The AI coach persona page (with "Refine coach persona" and "Generate new preview") and the communication style page.
struct PersonaController: Sendable {
    let repository: any AirFitRepository
    let drafts: OnboardingDrafts
    let vault: any SecretVault
    let previewer: PersonaPreviewer
    let now: @Sendable () -> Date
    let views: Views

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/settings/persona") { _, context -> Response in
            let signed = context.signed
            var current: PersonaView.Profile?
            if let profile = try await repository.onboardingProfile(userID: signed.user.id) {
                current = try PersonaView.Profile(profile)
                current?.hasDraft = try await drafts.exists(for: signed.user.id)
            }
            let chrome = PageChrome(csrf: signed.session.csrfToken, heading: "AI coach persona")
            return views.response(PersonaView(profile: current), title: "AI coach persona", user: signed.user, chrome: chrome)
        }
        group.post("/settings/persona/preview") { _, context -> Response in await preview(context.signed) }
        group.post("/settings/persona/refine") { _, context -> Response in
            let signed = context.signed
            guard let profile = try await repository.onboardingProfile(userID: signed.user.id) else {
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
        group.get("/settings/communication") { request, context -> Response in
            let signed = context.signed
            let profile = try await repository.onboardingProfile(userID: signed.user.id)
            let motivation = try profile?.persona().motivationStyle
            return communicationPage(
                signed, profile: profile, motivation: motivation, errors: [], saved: request.uri.queryParameters["saved"] != nil)
        }
        group.post("/settings/communication") { request, context -> Response in
            let signed = context.signed
            let form = try await request.decodeForm(CommunicationForm.self)
            guard let profile = try await repository.onboardingProfile(userID: signed.user.id) else {
                var response = communicationPage(signed, profile: nil, motivation: nil, errors: [], saved: false)
                response.status = .conflict
                return response
            }
            let current = try profile.persona().motivationStyle
            let inactivity = form.absence.flatMap(InactivityResponseStyle.init(rawValue:))
            let achievement = form.celebration.flatMap(AchievementStyle.init(rawValue:))
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
                MotivationStyle(achievementStyle: achievement, inactivityStyle: inactivity), now: now())
            // Persona and communication preferences are replaced together, in one transaction.
            try await repository.saveOnboarding(updated, user: signed.user)
            return WebResponses.redirect("/settings/communication?saved=1")
        }
    }

    /// "Generate new preview": a short message in the persona's voice, streamed as server-sent events.
    private func preview(_ signed: SignedIn) async -> Response {
        let frames: AsyncStream<String>
        do {
            guard let profile = try await repository.onboardingProfile(userID: signed.user.id) else {
                throw CoachError.invalidMessage("Set up your coach first: the preview speaks in your persona's voice.")
            }
            let selection = try await CoachModelSelection.resolve(user: signed.user, vault: vault)
            let pieces = try await previewer.preview(persona: try profile.persona(), user: signed.user, selection: selection)
            frames = Self.previewFrames(pieces)
        } catch {
            frames = AsyncStream {
                $0.yield(ChatStreamFrame.error(ChatController.message(for: error)))
                $0.finish()
            }
        }
        return ReplyStream.eventStream(
            ResponseBody { writer in
                for await frame in frames { try await writer.write(ByteBuffer(string: frame)) }
                try await writer.finish(nil)
            })
    }

    /// Text pieces as `delta` frames, then `done` (or `error` with the reason).
    private static func previewFrames(_ pieces: AsyncThrowingStream<String, any Error>) -> AsyncStream<String> {
        let (frames, continuation) = AsyncStream.makeStream(of: String.self)
        let pump = Task {
            do {
                for try await piece in pieces { continuation.yield(ChatStreamFrame.frame(.textDelta(piece))) }
                continuation.yield("event: done\ndata: {}\n\n")
            } catch {
                continuation.yield(ChatStreamFrame.error(CoachEngine.reason(for: error)))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in pump.cancel() }
        return frames
    }

    private func communicationPage(
        _ signed: SignedIn, profile: OnboardingProfile?, motivation: MotivationStyle?, errors: [String], saved: Bool
    ) -> Response {
        let chrome = PageChrome(csrf: signed.session.csrfToken, heading: "Communication style", saved: saved, errors: errors)
        let page = CommunicationView(hasProfile: profile != nil, motivation: motivation)
        return views.response(page, title: "Communication style", user: signed.user, chrome: chrome)
    }
}

/// The communication style form.
struct CommunicationForm: Decodable {
    @FormText var absence: String?
    @FormText var celebration: String?
}
