public import AirFitCore
public import Foundation
import SQLKit

extension FluentStore {
    /// The settings hub's facts in one statement: the hub is a hot page, and each read costs a prepare and a hop to the
    /// database's thread.
    public func settingsHubFacts(userID: UUID) async throws -> SettingsHubFacts {
        struct Row: Decodable {
            let personas: Int
            let pending: Int
            let planName: String?

            enum CodingKeys: String, CodingKey {
                case personas, pending
                case planName = "plan_name"
            }
        }
        let row = try await database.sql.raw(
            """
            SELECT (SELECT COUNT(*) FROM onboarding_profiles WHERE user_id = \(bind: userID)) AS personas, \
            (SELECT COUNT(*) FROM recommendations WHERE user_id = \(bind: userID) \
            AND status = \(bind: RecommendationStatus.pendingReview.rawValue)) AS pending, \
            (SELECT p.name FROM usage_plan_assignments a JOIN usage_plans p ON p.id = a.plan_id \
            WHERE a.user_id = \(bind: userID)) AS plan_name
            """
        ).first(decoding: Row.self)
        return SettingsHubFacts(hasPersona: (row?.personas ?? 0) > 0, storedAsPending: row?.pending ?? 0, planName: row?.planName)
    }
}
