import FluentKit
import FluentSQL
import SQLKit

/// The training plan (issue 14): `training_plans` (one row per person: the plan as JSON, its version for the
/// compare-and-set save, and the week last analysed), `recommendations` (each as JSON, with the columns the feed
/// sorts and filters on, and its dates as seconds, which the JSON keeps only to the millisecond) and
/// `users.autopilot_enabled` (nullable: unset means off).
struct AddTrainingPlans: AsyncMigration {
    static let plansSchema = "training_plans"
    static let recommendationsSchema = "recommendations"
    var name: String { "AirFit.AddTrainingPlans.v16" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Self.plansSchema)
            .field("user_id", .uuid, .identifier(auto: false))
            .field("id", .uuid, .required)
            .field("version", .int, .required)
            .field("body", .string, .required)
            .field("analysed_week", .string)
            .field("updated_at", .double, .required)
            .create()
        try await database.schema(Self.recommendationsSchema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required)
            .field("status", .string, .required)
            .field("created_at", .double, .required)
            .field("applied_at", .double)
            .field("updated_at", .double, .required)
            .field("body", .string, .required)
            .create()
        // The feed reads one person's recommendations newest first; the index's first column also serves erasing them.
        try await database.sql.create(index: "recommendations_user_created").on(Self.recommendationsSchema)
            .column("user_id").column("created_at").run()
        try await database.schema(UserModel.schema).field("autopilot_enabled", .bool).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserModel.schema).deleteField("autopilot_enabled").update()
        try await database.schema(Self.recommendationsSchema).delete()
        try await database.schema(Self.plansSchema).delete()
    }
}
