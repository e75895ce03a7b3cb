import AirFitCoach
import AirFitCore
import Foundation
import Hummingbird

/// Onboarding and the persona as JSON. The answers are the document `airfit onboard --answers` reads (schema in the
/// README and `openapi.yaml`), checked by the same flow as the pages:
/// - `GET /api/v1/onboarding`: whether the coach is designed, and the half-finished draft (shared with the pages);
/// - `PUT /api/v1/onboarding/answers`: every answer at once, validated screen by screen (422 naming each field), kept
///   as the draft, which the pages open on the last question;
/// - `POST /api/v1/onboarding/complete`: analyses the goal and saves the persona (refining replaces it, same id);
/// - `GET /api/v1/persona`: the persona and communication preferences.
struct OnboardingAPIController: Sendable {
    let repository: any AirFitRepository
    let steps: OnboardingSteps

    func addRoutes(to group: RouterGroup<APIRequestContext>) {
        group.get("/api/v1/onboarding") { _, context -> Response in
            try await state(context.user)
        }
        group.put("/api/v1/onboarding/answers") { request, context -> Response in
            let bytes = try await request.body.collect(upTo: APIJSON.bodyLimit)
            var draft: OnboardingDraft
            do throws(OnboardingAnswers.Problems) {
                (draft, _) = try OnboardingAnswers(json: Data(bytes.readableBytesView)).validated()
            } catch {
                throw APIJSON.invalid(error.issues, field: OnboardingAnswers.documentField)
            }
            // Kept on the last question: "Next" there (or `complete` here) builds the coach.
            draft.screen = OnboardingFlow.questionScreens.last ?? .motivationAndCheckins
            try await steps.drafts.save(draft, for: context.user.id)
            return try await state(context.user)
        }
        group.post("/api/v1/onboarding/complete") { _, context -> Response in
            let user = context.user
            guard try await steps.drafts.exists(for: user.id) else {
                throw APIProblem(
                    status: .conflict, detail: "There are no onboarding answers to complete. Send them with PUT /api/v1/onboarding/answers."
                )
            }
            var flow = OnboardingFlow(draft: try await steps.drafts.draft(for: user.id))
            let problems = OnboardingFlow.questionScreens.flatMap { OnboardingValidation.issues(on: $0, in: flow.draft) }
            guard problems.isEmpty else { throw APIJSON.invalid(problems, field: OnboardingAnswers.documentField) }
            flow.draft.screen = OnboardingFlow.questionScreens.last ?? .motivationAndCheckins
            let ending = try await OnboardingRunner(effects: steps.effects(for: user)).handle(.next, flow: &flow) { action, _ in
                action == .show(.coachProfileReady) ? [.finish] : []
            }
            guard ending == .completed, let persona = try await personaJSON(user.id) else {
                throw APIProblem(status: .internalServerError, detail: "Onboarding stopped before the coach was saved. Try again.")
            }
            return try APIJSON.response(persona)
        }
        group.get("/api/v1/persona") { _, context -> Response in
            guard let persona = try await personaJSON(context.user.id) else {
                throw APIProblem(
                    status: .notFound,
                    detail: "The coach isn't designed yet. Send the onboarding answers (PUT /api/v1/onboarding/answers), then complete.")
            }
            return try APIJSON.response(persona)
        }
    }

    private func state(_ user: User) async throws -> Response {
        struct State: Encodable {
            let completed: Bool
            /// The half-finished onboarding as stored (its `screen` is where the pages resume).
            let draft: OnboardingDraft?
        }
        let draft = try await steps.drafts.exists(for: user.id) ? try await steps.drafts.draft(for: user.id) : nil
        return try APIJSON.response(
            State(
                completed: try await repository.hasOnboardingProfile(userID: user.id),
                draft: draft))
    }

    /// The saved persona, as `airfit persona show --json` prints it.
    private func personaJSON(_ userID: UUID) async throws -> JSONValue? {
        try await repository.onboardingProfile(userID: userID)?.document()
    }
}
