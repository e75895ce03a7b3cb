import FluentKit
import FluentSQL
import SQLKit

/// The usage ledger and plans (issue 15): `usage_records` (one row per model call, with its month and day in the
/// member's zone), `usage_months` (tokens recorded per member and month: the row a reservation locks),
/// `usage_reservations` (budget held by calls in flight, with an expiry), `usage_plans` and `usage_plan_assignments`.
/// Dates are seconds since 1970.
struct AddUsageLedger: AsyncMigration {
    static let recordsSchema = "usage_records"
    static let monthsSchema = "usage_months"
    static let reservationsSchema = "usage_reservations"
    static let plansSchema = "usage_plans"
    static let assignmentsSchema = "usage_plan_assignments"
    /// The tables holding a member's rows.
    static let memberTables = [recordsSchema, monthsSchema, reservationsSchema, assignmentsSchema]

    var name: String { "AirFit.AddUsageLedger.v18" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Self.recordsSchema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required)
            .field("created_at", .double, .required)
            .field("month_key", .string, .required)
            .field("day_key", .string, .required)
            .field("purpose", .string, .required)
            .field("provider", .string, .required)
            .field("model", .string, .required)
            .field("input_tokens", .int64, .required)
            .field("output_tokens", .int64, .required)
            .field("cached_input_tokens", .int64, .required)
            .field("reasoning_tokens", .int64, .required)
            .field("estimated", .bool, .required)
            .field("latency_ms", .int64, .required)
            .field("outcome", .string, .required)
            .field("cost_micros", .int64)
            .field("attempt", .int64, .required)
            .create()
        try await database.sql.create(index: "usage_records_user_month").on(Self.recordsSchema)
            .column("user_id").column("month_key").run()
        try await database.schema(Self.monthsSchema)
            .field("user_id", .uuid, .required)
            .field("month_key", .string, .required)
            .field("used_tokens", .int64, .required)
            .compositeIdentifier(over: "user_id", "month_key")
            .create()
        try await database.schema(Self.reservationsSchema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required)
            .field("month_key", .string, .required)
            .field("tokens", .int64, .required)
            .field("expires_at", .double, .required)
            .create()
        try await database.sql.create(index: "usage_reservations_user_month").on(Self.reservationsSchema)
            .column("user_id").column("month_key").run()
        try await database.schema(Self.plansSchema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("name", .string, .required)
            .field("monthly_token_budget", .int64)
            .field("created_at", .double, .required)
            .create()
        try await database.schema(Self.assignmentsSchema)
            .field("user_id", .uuid, .identifier(auto: false))
            .field("plan_id", .uuid, .required)
            .create()
        try await database.sql.create(index: "usage_plan_assignments_plan").on(Self.assignmentsSchema).column("plan_id").run()
    }

    func revert(on database: any Database) async throws {
        for table in [Self.assignmentsSchema, Self.plansSchema, Self.reservationsSchema, Self.monthsSchema, Self.recordsSchema] {
            try await database.schema(table).delete()
        }
    }
}
