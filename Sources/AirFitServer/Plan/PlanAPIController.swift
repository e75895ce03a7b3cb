import AirFitCore
import Foundation
import Hummingbird

/// The plan and recommendations as JSON (`/api/v1/...`, by session or personal access token).
struct PlanAPIController: Sendable {
    let plans: PlanCoordinator

    /// `POST /api/v1/plan/edits`.
    struct EditRequest: Decodable {
        /// The plan version the client read; a newer plan answers 409.
        var version: Int?
        var edits: [PlanEdit]
    }

    /// `PUT /api/v1/autopilot`.
    struct AutopilotRequest: Codable {
        var enabled: Bool
    }

    func addRoutes(to group: RouterGroup<APIRequestContext>) {
        group.get("/api/v1/plan") { _, context -> Response in
            let user = context.user
            struct Answer: Encodable {
                let plan: TrainingPlan?
                let availability: [WorkoutAvailabilityBlock]
            }
            return try APIJSON.response(
                Answer(plan: try await plans.plan(for: user), availability: try await plans.availability(for: user)))
        }
        group.post("/api/v1/plan/edits") { request, context -> Response in
            let edit: EditRequest
            do {
                let body = try await request.body.collect(upTo: APIJSON.bodyLimit)
                edit = try JSONCoding.decoder.decode(EditRequest.self, from: Data(body.readableBytesView))
            } catch let error as DecodingError {
                throw APIProblem.unreadable("a plan edit", error)
            }
            do {
                return try APIJSON.response(try await plans.edit(edit.edits, user: context.user, expectedVersion: edit.version))
            } catch let error as PlanCoordinatorError {
                throw Self.problem(error)
            }
        }
        group.get("/api/v1/recommendations") { _, context -> Response in
            struct Answer: Encodable {
                let recommendations: [Recommendation]
                let pending: Int
            }
            let all = try await plans.recommendations(for: context.user)
            return try APIJSON.response(Answer(recommendations: all, pending: all.count { $0.status == .pendingReview }))
        }
        for action in ActivityController.actions {
            group.post(RouterPath("/api/v1/recommendations/:recommendation/\(action)")) { _, context -> Response in
                guard let id = context.parameters.get("recommendation").flatMap(UUID.init(uuidString:)) else {
                    throw Self.problem(.recommendationNotFound)
                }
                do {
                    if let decision = RecommendationDecision(rawValue: action) {
                        return try APIJSON.response(try await plans.decide(decision, recommendationID: id, user: context.user))
                    }
                    struct Answer: Encodable { let recommendation: Recommendation? }
                    return try APIJSON.response(
                        Answer(recommendation: try await plans.recompute(recommendationID: id, user: context.user)))
                } catch let error as PlanCoordinatorError {
                    throw Self.problem(error)
                }
            }
        }
        group.get("/api/v1/autopilot") { _, context -> Response in
            try APIJSON.response(AutopilotRequest(enabled: try await plans.isAutopilotOn(userID: context.user.id)))
        }
        group.put("/api/v1/autopilot") { request, context -> Response in
            let wanted: AutopilotRequest
            do {
                let body = try await request.body.collect(upTo: 1024)
                wanted = try JSONCoding.decoder.decode(AutopilotRequest.self, from: Data(body.readableBytesView))
            } catch is DecodingError {
                throw APIProblem(status: .badRequest, detail: #"Send {"enabled": true} or {"enabled": false}."#)
            }
            do {
                try await plans.setAutopilot(wanted.enabled, userID: context.user.id)
            } catch {
                throw APIProblem(status: .serviceUnavailable, detail: AutopilotToggle.defaultFailureMessage)
            }
            return try APIJSON.response(wanted)
        }
    }

    static func problem(_ error: PlanCoordinatorError) -> APIProblem {
        let status: HTTPResponse.Status =
            switch error {
            case .noPlan, .recommendationNotFound: .notFound
            case .stale, .planChanged: .conflict
            case .refused, .edit, .invalidProposal: .unprocessableContent
            }
        return APIProblem(status: status, detail: error.errorDescription ?? "")
    }
}
