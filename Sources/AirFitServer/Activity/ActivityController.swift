import AirFitCore
import Foundation
import Hummingbird

/// `/activity` (Settings → Activity): the auto-pilot switch and the coach's recommendations. Every card action is a
/// plain form (it works without scripts); the switch's script posts the same form and asks for JSON, flipping at once
/// and back with a banner when the write fails (``AutopilotToggle`` in Core is the same machine).
struct ActivityController: Sendable {
    let plans: PlanCoordinator
    let now: @Sendable () -> Date
    let views: Views

    static let path = "/activity"
    static let title = "Activity"
    /// The card actions (each `POST /activity/recommendations/:recommendation/<action>`).
    static let actions = RecommendationDecision.allCases.map(\.rawValue) + ["recompute"]

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get(RouterPath(Self.path)) { request, context -> Response in
            var page = try await page(context.signed.user)
            if let notice = request.uri.queryParameters["done"].flatMap({ Self.notices[String($0)] }) { page.notices = [notice] }
            return views.response(page, title: Self.title, signed: context.signed)
        }
        group.post("/activity/autopilot") { request, context -> Response in
            let user = context.signed.user
            let wantsJSON = request.headers[.accept]?.contains("application/json") ?? false
            let form = try await request.decodeForm(FormFields.self).values
            guard let value = form["enabled"], let isOn = Bool(value) else {
                let message = "Choose on or off for auto-pilot."
                if wantsJSON { return WebResponses.json(#"{"error":\#(JSONText.quoted(message))}"#, status: .unprocessableContent) }
                return try await problem(user, context, autopilotError: message, status: .unprocessableContent)
            }
            do {
                try await plans.setAutopilot(isOn, userID: user.id)
            } catch {
                let message = AutopilotToggle.defaultFailureMessage
                if wantsJSON { return WebResponses.json(#"{"error":\#(JSONText.quoted(message))}"#, status: .serviceUnavailable) }
                return try await problem(user, context, autopilotError: message, status: .serviceUnavailable)
            }
            if wantsJSON { return WebResponses.json(#"{"enabled":\#(isOn)}"#) }
            return WebResponses.redirect(Self.path)
        }
        for action in Self.actions {
            group.post(RouterPath("/activity/recommendations/:recommendation/\(action)")) { _, context -> Response in
                let user = context.signed.user
                guard let id = context.parameters.get("recommendation").flatMap(UUID.init(uuidString:)) else {
                    throw HTTPError(.notFound, message: PlanCoordinatorError.recommendationNotFound.errorDescription ?? "")
                }
                do {
                    if let decision = RecommendationDecision(rawValue: action) {
                        try await plans.decide(decision, recommendationID: id, user: user)
                        return WebResponses.redirect("\(Self.path)?done=\(action)")
                    }
                    let fresh = try await plans.recompute(recommendationID: id, user: user)
                    return WebResponses.redirect("\(Self.path)?done=\(fresh == nil ? "nothing" : "recompute")")
                } catch let error as PlanCoordinatorError {
                    if error == .recommendationNotFound { throw HTTPError(.notFound, message: error.errorDescription ?? "") }
                    let status: HTTPResponse.Status = (error == .stale || error == .planChanged) ? .conflict : .unprocessableContent
                    return try await problem(
                        user, context, cardError: (id, error.errorDescription ?? "", error == .stale), status: status)
                }
            }
        }
    }

    /// The notice after a card action.
    static let notices = [
        "accept": "Applied to your plan.", "decline": "Declined. The coach won't apply it.", "acknowledge": "Noted.",
        "undo": "Undone: your plan is back as it was.", "recompute": "Recomputed against your current plan.",
        "nothing": "Your plan already fits; nothing to change now.",
    ]

    private func page(_ user: User, autopilotError: String? = nil, cardError: (id: UUID, message: String, stale: Bool)? = nil)
        async throws -> ActivityView
    {
        ActivityView(
            recommendations: try await plans.recommendations(for: user), plan: try await plans.plan(for: user),
            autopilotOn: try await plans.isAutopilotOn(userID: user.id), user: user, now: now(), autopilotError: autopilotError,
            cardError: cardError)
    }

    private func problem(
        _ user: User, _ context: SignedInRequestContext, autopilotError: String? = nil,
        cardError: (id: UUID, message: String, stale: Bool)? = nil, status: HTTPResponse.Status
    ) async throws -> Response {
        let page = try await page(user, autopilotError: autopilotError, cardError: cardError)
        return views.response(page, title: Self.title, signed: context.signed, status: status)
    }
}
