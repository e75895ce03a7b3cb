public import AirFitCore
import FluentKit
public import Foundation
import SQLKit

// `TrainingPlanRepository` (part of `AirFitRepository`): the plan and the coach's recommendations.
extension FluentStore {
    /// The person's plan, if they have one; `RepositoryError.invalid` when its stored JSON is damaged.
    public func trainingPlan(userID: UUID) async throws -> TrainingPlan? {
        try await database.sql.raw(
            "SELECT \(unsafeRaw: TrainingPlanRow.columns) FROM training_plans WHERE user_id = \(bind: userID)"
        ).first(decoding: TrainingPlanRow.self)?.domain()
    }

    /// One transaction: a conditional UPDATE (`WHERE version = expected … RETURNING`) or, for a first plan, an INSERT
    /// that does nothing when the person already has one; only when that wrote the row are the recommendations upserted.
    /// Concurrent saves from the same version: PostgreSQL re-checks the condition after the first one commits, SQLite's
    /// single connection runs them in turn, so exactly one wins.
    public func savePlan(_ plan: TrainingPlan, expectedVersion: Int?, recommendations: [Recommendation]) async throws -> Bool {
        let body = try TrainingPlanRow.body(of: plan)
        let rows = try recommendations.map(RecommendationRow.init)
        let now = Date().timeIntervalSince1970
        return try await database.transaction { db in
            let written: (any SQLRow)?
            if let expectedVersion {
                written = try await db.sql.raw(
                    """
                    UPDATE training_plans SET id = \(bind: plan.id), version = \(bind: plan.version), body = \(bind: body), \
                    updated_at = \(bind: now) WHERE user_id = \(bind: plan.userID) AND version = \(bind: expectedVersion) \
                    RETURNING user_id
                    """
                ).first()
            } else {
                written = try await db.sql.raw(
                    """
                    INSERT INTO training_plans (user_id, id, version, body, analysed_week, updated_at) VALUES (\(bind: plan.userID), \
                    \(bind: plan.id), \(bind: plan.version), \(bind: body), NULL, \(bind: now)) ON CONFLICT (user_id) DO NOTHING \
                    RETURNING user_id
                    """
                ).first()
            }
            guard written != nil else { return false }
            // Thrown inside the transaction, so the plan written above is rolled back with it.
            guard recommendations.allSatisfy({ $0.userID == plan.userID }) else {
                throw RepositoryError.invalid("A recommendation belongs to another user.")
            }
            try await Self.upsert(rows, on: db.sql)
            return true
        }
    }

    /// Adds or replaces each recommendation by id, all in one transaction.
    public func saveRecommendations(_ recommendations: [Recommendation]) async throws {
        let rows = try recommendations.map(RecommendationRow.init)
        guard !rows.isEmpty else { return }
        try await database.transaction { db in try await Self.upsert(rows, on: db.sql) }
    }

    /// The person's recommendations, newest first (`created_at DESC, id DESC`).
    public func recommendations(userID: UUID) async throws -> [Recommendation] {
        try await database.sql.raw(
            """
            SELECT \(unsafeRaw: RecommendationRow.columns) FROM recommendations WHERE user_id = \(bind: userID) \
            ORDER BY created_at DESC, id DESC
            """
        ).all(decoding: RecommendationRow.self).map { try $0.domain() }
    }

    /// One of the person's recommendations (nil when it is someone else's).
    public func recommendation(id: UUID, userID: UUID) async throws -> Recommendation? {
        try await database.sql.raw(
            "SELECT \(unsafeRaw: RecommendationRow.columns) FROM recommendations WHERE id = \(bind: id) AND user_id = \(bind: userID)"
        ).first(decoding: RecommendationRow.self)?.domain()
    }

    /// One conditional UPDATE … RETURNING: of several servers claiming the same week, one gets the row.
    public func claimWeeklyAnalysis(userID: UUID, weekDay: String) async throws -> Bool {
        try await database.sql.raw(
            """
            UPDATE training_plans SET analysed_week = \(bind: weekDay) WHERE user_id = \(bind: userID) \
            AND (analysed_week IS NULL OR analysed_week <> \(bind: weekDay)) RETURNING user_id
            """
        ).first() != nil
    }

    /// The people who have a plan, ordered by id.
    public func planOwners() async throws -> [UUID] {
        // Sorted here, as the in-memory store does, so the order does not depend on how a backend compares UUIDs.
        try await database.sql.raw("SELECT user_id FROM training_plans").all()
            .map { try $0.decode(column: "user_id", as: UUID.self) }
            .sorted { $0.uuidString < $1.uuidString }
    }

    /// Inserts or replaces each row by id, one statement each (so a later duplicate in the list wins, as in memory); a row
    /// never moves to another person (an id of someone else's is left as it is).
    private static func upsert(_ rows: [RecommendationRow], on sql: any SQLDatabase) async throws {
        for row in rows {
            try await sql.raw(
                """
                INSERT INTO recommendations (\(unsafeRaw: RecommendationRow.columns)) VALUES (\(bind: row.id), \(bind: row.userID), \
                \(bind: row.status), \(bind: row.createdAt), \(bind: row.appliedAt), \(bind: row.updatedAt), \(bind: row.body)) \
                ON CONFLICT (id) DO UPDATE SET status = excluded.status, \
                created_at = excluded.created_at, applied_at = excluded.applied_at, updated_at = excluded.updated_at, \
                body = excluded.body WHERE recommendations.user_id = excluded.user_id
                """
            ).run()
        }
    }
}
