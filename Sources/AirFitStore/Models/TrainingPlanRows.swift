import AirFitCore
import Foundation

/// A `training_plans` row as read: the plan is its JSON `body`; `user_id`, `id` and `version` are columns for the
/// versioned save and must agree with it.
struct TrainingPlanRow: Decodable {
    static let columns = "user_id, id, version, body"

    var userID: UUID
    var id: UUID
    var version: Int
    var body: String

    enum CodingKeys: String, CodingKey {
        case id, version, body
        case userID = "user_id"
    }

    /// The plan's JSON, or `RepositoryError.invalid` when a number in it can't be stored.
    static func body(of plan: TrainingPlan) throws -> String {
        do {
            return try StoredJSON.encode(plan)
        } catch {
            throw RepositoryError.invalid("The training plan can't be saved: one of its numbers is not a finite value.")
        }
    }

    /// The stored plan; a body that does not decode, or disagrees with its row, is reported as damaged.
    func domain() throws -> TrainingPlan {
        guard let plan = try? StoredJSON.decode(body) as TrainingPlan, plan.userID == userID, plan.id == id, plan.version == version
        else { throw RepositoryError.invalid("A stored training plan is damaged and can't be read. Edit or recreate the plan.") }
        return plan
    }
}

/// A `recommendations` row: the recommendation is its JSON `body`; the other columns are what the feed sorts and
/// filters on. `created_at`, `applied_at` and `updated_at` are seconds since 1970 (lossless), and the dates read back
/// come from them (the JSON keeps milliseconds).
struct RecommendationRow: Codable {
    static let columns = "id, user_id, status, created_at, applied_at, updated_at, body"

    var id: UUID
    var userID: UUID
    var status: String
    var createdAt: Double
    var appliedAt: Double?
    var updatedAt: Double
    var body: String

    enum CodingKeys: String, CodingKey {
        case id, status, body
        case userID = "user_id", createdAt = "created_at", appliedAt = "applied_at", updatedAt = "updated_at"
    }

    init(_ recommendation: Recommendation) throws {
        id = recommendation.id
        userID = recommendation.userID
        status = recommendation.status.rawValue
        createdAt = recommendation.createdAt.timeIntervalSince1970
        appliedAt = recommendation.appliedAt?.timeIntervalSince1970
        updatedAt = recommendation.updatedAt.timeIntervalSince1970
        do {
            body = try StoredJSON.encode(recommendation)
        } catch {
            throw RepositoryError.invalid("The recommendation can't be saved: one of its numbers is not a finite value.")
        }
    }

    /// The stored recommendation; a body that does not decode, or disagrees with its row, is reported as damaged.
    func domain() throws -> Recommendation {
        guard var recommendation = try? StoredJSON.decode(body) as Recommendation, recommendation.id == id,
            recommendation.userID == userID, recommendation.status.rawValue == status,
            (recommendation.appliedAt == nil) == (appliedAt == nil), createdAt.isFinite, updatedAt.isFinite, appliedAt?.isFinite ?? true
        else { throw RepositoryError.invalid("A stored recommendation is damaged and can't be read.") }
        recommendation.createdAt = Date(timeIntervalSince1970: createdAt)
        recommendation.appliedAt = appliedAt.map(Date.init(timeIntervalSince1970:))
        recommendation.updatedAt = Date(timeIntervalSince1970: updatedAt)
        return recommendation
    }
}
