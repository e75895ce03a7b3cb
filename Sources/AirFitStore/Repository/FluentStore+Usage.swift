public import AirFitCore
import FluentKit
public import Foundation
import SQLKit

// `UsageLedger` and `UsagePlanRepository` (part of `AirFitRepository`): the ledger, month counters, reservations, plans.
extension FluentStore {
    /// One transaction: upsert the member's month row and lock it (`FOR UPDATE` on PostgreSQL; SQLite's single connection
    /// runs transactions in turn), drop the member's expired reservations, sum the live ones, and insert the new one only
    /// when recorded plus reserved is below the budget. Servers sharing one PostgreSQL queue on the month row, so two
    /// admissions never both see the same remainder.
    public func reserveUsage(userID: UUID, month: UsageMonth, tokens: Int, budget: Int?, now: Date) async throws -> UsageReservation? {
        guard tokens >= 0 else { throw RepositoryError.invalid("A reservation can't hold a negative number of tokens.") }
        let reservation = UsageReservation(userID: userID, monthKey: month.key, tokens: tokens)
        let now = now.timeIntervalSince1970
        return try await database.transaction { db in
            let sql = db.sql
            try await sql.raw(
                """
                INSERT INTO usage_months (user_id, month_key, used_tokens) VALUES (\(bind: userID), \(bind: month.key), 0) \
                ON CONFLICT (user_id, month_key) DO NOTHING
                """
            ).run()
            let lock = sql.dialect.name == "postgresql" ? " FOR UPDATE" : ""
            let used =
                try await sql.raw(
                    "SELECT used_tokens FROM usage_months WHERE user_id = \(bind: userID) AND month_key = \(bind: month.key)\(unsafeRaw: lock)"
                ).first()?.decode(column: "used_tokens", as: Int.self) ?? 0
            try await sql.raw("DELETE FROM usage_reservations WHERE user_id = \(bind: userID) AND expires_at <= \(bind: now)").run()
            if let budget {
                let held =
                    try await sql.raw(
                        """
                        SELECT CAST(COALESCE(SUM(tokens), 0) AS BIGINT) AS n FROM usage_reservations \
                        WHERE user_id = \(bind: userID) AND month_key = \(bind: month.key)
                        """
                    ).first()?.decode(column: "n", as: Int.self) ?? 0
                let (total, overflow) = used.addingReportingOverflow(held)
                guard !overflow, total < budget else { return nil }
            }
            try await sql.raw(
                """
                INSERT INTO usage_reservations (id, user_id, month_key, tokens, expires_at) VALUES (\(bind: reservation.id), \
                \(bind: userID), \(bind: month.key), \(bind: tokens), \(bind: now + UsageReservation.lifetime))
                """
            ).run()
            return reservation
        }
    }

    /// One transaction: the row, the month counter (an upsert, which also waits for a reservation holding the row), and
    /// the reservation's deletion.
    public func recordUsage(_ record: UsageRecord, month: UsageMonth, settling reservation: UsageReservation?) async throws {
        if let problem = record.storageProblem { throw RepositoryError.invalid(problem) }
        if let reservation, reservation.userID != record.userID {
            throw RepositoryError.invalid("A usage record can't settle another member's reservation.")
        }
        let row = UsageRecordRow(record, month: month)
        try await mapped("A usage record with id \(record.id)") {
            try await database.transaction { db in
                let sql = db.sql
                try await sql.raw(
                    """
                    INSERT INTO usage_records (\(unsafeRaw: UsageRecordRow.columns)) VALUES (\(bind: row.id), \(bind: row.userID), \
                    \(bind: row.createdAt), \(bind: row.monthKey), \(bind: row.dayKey), \(bind: row.purpose), \(bind: row.provider), \
                    \(bind: row.model), \(bind: row.inputTokens), \(bind: row.outputTokens), \(bind: row.cachedInputTokens), \
                    \(bind: row.reasoningTokens), \(bind: row.estimated), \(bind: row.latencyMilliseconds), \(bind: row.outcome), \
                    \(bind: row.costMicros), \(bind: row.attempt))
                    """
                ).run()
                try await sql.raw(
                    """
                    INSERT INTO usage_months (user_id, month_key, used_tokens) VALUES (\(bind: record.userID), \(bind: month.key), \
                    \(bind: record.tokens.total)) ON CONFLICT (user_id, month_key) \
                    DO UPDATE SET used_tokens = usage_months.used_tokens + excluded.used_tokens
                    """
                ).run()
                if let reservation {
                    try await sql.raw("DELETE FROM usage_reservations WHERE id = \(bind: reservation.id)").run()
                }
            }
        }
    }

    /// Deletes the reservation (nothing when it expired or is someone else's).
    public func releaseUsageReservation(_ reservation: UsageReservation) async throws {
        try await database.sql.raw(
            "DELETE FROM usage_reservations WHERE id = \(bind: reservation.id) AND user_id = \(bind: reservation.userID)"
        ).run()
    }

    /// One grouped query (by provider, day and purpose) over the month's rows, added up as the in-memory store does.
    public func usageSummary(userID: UUID, month: UsageMonth) async throws -> UsageSummary {
        let rows = try await database.sql.raw(
            """
            SELECT provider, day_key, purpose, CAST(SUM(input_tokens + output_tokens) AS BIGINT) AS tokens, \
            CAST(COALESCE(SUM(cost_micros), 0) AS BIGINT) AS cost, COUNT(*) AS calls, \
            CAST(SUM(CASE WHEN cost_micros IS NULL THEN 1 ELSE 0 END) AS BIGINT) AS unpriced, \
            CAST(SUM(CASE WHEN estimated THEN 1 ELSE 0 END) AS BIGINT) AS estimates \
            FROM usage_records WHERE user_id = \(bind: userID) AND month_key = \(bind: month.key) GROUP BY provider, day_key, purpose
            """
        ).all(decoding: UsageBucketRow.self)
        return UsageSummary(month: month, buckets: try rows.map { try $0.domain() })
    }

    /// The month's rows newest first (`created_at DESC, id DESC`), at most `limit` (capped at 1,000).
    public func usageRecords(userID: UUID, month: UsageMonth, limit: Int) async throws -> [UsageRecord] {
        let limit = min(max(0, limit), 1_000)
        guard limit > 0 else { return [] }
        return try await database.sql.raw(
            """
            SELECT \(unsafeRaw: UsageRecordRow.columns) FROM usage_records WHERE user_id = \(bind: userID) \
            AND month_key = \(bind: month.key) ORDER BY created_at DESC, id DESC LIMIT \(unsafeRaw: String(limit))
            """
        ).all(decoding: UsageRecordRow.self).map { try $0.domain() }
    }

    // MARK: Plans

    /// Every plan, sorted here as the in-memory store sorts them (the backends' collations differ).
    public func usagePlans() async throws -> [UsagePlan] {
        try await database.sql.raw("SELECT \(unsafeRaw: UsagePlanRow.columns) FROM usage_plans")
            .all(decoding: UsagePlanRow.self).map { $0.domain() }.sorted(by: UsagePlan.byName)
    }

    /// An upsert by id that keeps the stored creation date.
    public func saveUsagePlan(_ plan: UsagePlan) async throws {
        if let problem = plan.storageProblem { throw RepositoryError.invalid(problem) }
        try await database.sql.raw(
            """
            INSERT INTO usage_plans (\(unsafeRaw: UsagePlanRow.columns)) VALUES (\(bind: plan.id), \(bind: plan.name), \
            \(bind: plan.monthlyTokenBudget), \(bind: plan.createdAt.timeIntervalSince1970)) ON CONFLICT (id) DO UPDATE SET \
            name = excluded.name, monthly_token_budget = excluded.monthly_token_budget
            """
        ).run()
    }

    /// The plan and its assignments, in one transaction.
    public func deleteUsagePlan(id: UUID) async throws {
        try await database.transaction { db in
            try await db.sql.raw("DELETE FROM usage_plan_assignments WHERE plan_id = \(bind: id)").run()
            try await db.sql.raw("DELETE FROM usage_plans WHERE id = \(bind: id)").run()
        }
    }

    /// An upsert that writes only when the plan exists (`INSERT … SELECT … FROM usage_plans`), or a delete for nil.
    public func assignUsagePlan(_ planID: UUID?, userID: UUID) async throws {
        guard let planID else {
            try await database.sql.raw("DELETE FROM usage_plan_assignments WHERE user_id = \(bind: userID)").run()
            return
        }
        let written = try await database.sql.raw(
            """
            INSERT INTO usage_plan_assignments (user_id, plan_id) SELECT \(bind: userID), id FROM usage_plans \
            WHERE id = \(bind: planID) ON CONFLICT (user_id) DO UPDATE SET plan_id = excluded.plan_id RETURNING user_id
            """
        ).first()
        guard written != nil else { throw RepositoryError.notFound("The usage plan") }
    }

    /// The member's plan through their assignment (none when the plan is gone).
    public func usagePlan(userID: UUID) async throws -> UsagePlan? {
        try await database.sql.raw(
            """
            SELECT p.id, p.name, p.monthly_token_budget, p.created_at FROM usage_plan_assignments a \
            JOIN usage_plans p ON p.id = a.plan_id WHERE a.user_id = \(bind: userID)
            """
        ).first(decoding: UsagePlanRow.self)?.domain()
    }

    /// Every assignment to a plan that exists.
    public func usagePlanAssignments() async throws -> [UUID: UUID] {
        let rows = try await database.sql.raw(
            "SELECT a.user_id, a.plan_id FROM usage_plan_assignments a JOIN usage_plans p ON p.id = a.plan_id"
        ).all()
        var assignments: [UUID: UUID] = [:]
        for row in rows { assignments[try row.decode(column: "user_id", as: UUID.self)] = try row.decode(column: "plan_id", as: UUID.self) }
        return assignments
    }
}
