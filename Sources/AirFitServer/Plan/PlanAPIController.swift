import AirFitCore
import Foundation
import Hummingbird

/// The plan and recommendations as JSON for native clients (`/api/v1/...`, signed in by session; the API issue adds
/// tokens and describes these in OpenAPI). Errors are `{"error": "<message a person can act on>"}`.
struct PlanAPIController: Sendable {
    let plans: PlanCoordinator

    /// The largest edit request read.
    static let bodyLimit = 64 * 1024

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

    func addRoutes(to group: RouterGroup<SignedInRequestContext>) {
        group.get("/api/v1/plan") { _, context -> Response in
            let user = context.signed.user
            struct Answer: Encodable {
                let plan: TrainingPlan?
                let availability: [WorkoutAvailabilityBlock]
            }
            return try Self.encode(Answer(plan: try await plans.plan(for: user), availability: try await plans.availability(for: user)))
        }
        group.post("/api/v1/plan/edits") { request, context -> Response in
            let edit: EditRequest
            do {
                let body = try await request.body.collect(upTo: Self.bodyLimit)
                edit = try JSONCoding.decoder.decode(EditRequest.self, from: Data(body.readableBytesView))
            } catch let error as DecodingError {
                return Self.error("The request isn't a plan edit: \(error.readableDescription)", status: .badRequest)
            }
            do {
                return try Self.encode(try await plans.edit(edit.edits, user: context.signed.user, expectedVersion: edit.version))
            } catch let error as PlanCoordinatorError {
                return Self.error(error)
            }
        }
        group.get("/api/v1/recommendations") { _, context -> Response in
            struct Answer: Encodable {
                let recommendations: [Recommendation]
                let pending: Int
            }
            let all = try await plans.recommendations(for: context.signed.user)
            return try Self.encode(Answer(recommendations: all, pending: all.count { $0.status == .pendingReview }))
        }
        for action in ActivityController.actions {
            group.post(RouterPath("/api/v1/recommendations/:recommendation/\(action)")) { _, context -> Response in
                guard let id = context.parameters.get("recommendation").flatMap(UUID.init(uuidString:)) else {
                    return Self.error(.recommendationNotFound)
                }
                do {
                    if let decision = RecommendationDecision(rawValue: action) {
                        return try Self.encode(try await plans.decide(decision, recommendationID: id, user: context.signed.user))
                    }
                    struct Answer: Encodable { let recommendation: Recommendation? }
                    return try Self.encode(
                        Answer(recommendation: try await plans.recompute(recommendationID: id, user: context.signed.user)))
                } catch let error as PlanCoordinatorError {
                    return Self.error(error)
                }
            }
        }
        group.get("/api/v1/autopilot") { _, context -> Response in
            try Self.encode(AutopilotRequest(enabled: try await plans.isAutopilotOn(userID: context.signed.user.id)))
        }
        group.put("/api/v1/autopilot") { request, context -> Response in
            let wanted: AutopilotRequest
            do {
                let body = try await request.body.collect(upTo: 1024)
                wanted = try JSONCoding.decoder.decode(AutopilotRequest.self, from: Data(body.readableBytesView))
            } catch is DecodingError {
                return Self.error(#"Send {"enabled": true} or {"enabled": false}."#, status: .badRequest)
            }
            do {
                try await plans.setAutopilot(wanted.enabled, userID: context.signed.user.id)
            } catch {
                return Self.error(AutopilotToggle.defaultFailureMessage, status: .serviceUnavailable)
            }
            return try Self.encode(wanted)
        }
    }

    static func encode(_ value: some Encodable) throws -> Response {
        WebResponses.json(String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self))
    }

    static func error(_ message: String, status: HTTPResponse.Status) -> Response {
        WebResponses.json(#"{"error":\#(JSONText.quoted(message))}"#, status: status)
    }

    static func error(_ error: PlanCoordinatorError) -> Response {
        let status: HTTPResponse.Status =
            switch error {
            case .noPlan, .recommendationNotFound: .notFound
            case .stale, .planChanged: .conflict
            case .refused, .edit, .invalidProposal: .unprocessableContent
            }
        return Self.error(error.errorDescription ?? "", status: status)
    }
}
