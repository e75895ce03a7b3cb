import FluentKit
import SQLKit

/// Version 1 of the schema: every table with its indexes.
struct CreateSchema: AsyncMigration {
    var name: String { "AirFit.CreateSchema.v1" }

    func prepare(on database: any Database) async throws {
        try await database.schema(UserModel.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("name", .string, .required)
            .field("nickname", .string)
            .field("email", .string)
            .field("preferred_units", .string, .required)
            .field("appearance_mode", .string, .required)
            .field("haptic_feedback", .bool, .required)
            .field("analytics", .bool, .required)
            .field("ai_provider", .string)
            .field("ai_model", .string)
            .field("ai_temperature", .double)
            .field("ai_max_tokens", .int64)
            .field("notification_preferences", .string, .required)
            .field("quiet_hours", .string, .required)
            .field("app_lock", .bool, .required)
            .field("app_lock_minutes", .int64, .required)
            .field("time_zone", .string, .required)
            .field("week_start", .string, .required)
            .field("height_cm", .double)
            .field("weight_kg", .double)
            .field("fitness_level", .string)
            .field("location", .string)
            .field("created_at", .double, .required)
            .field("last_active_at", .double, .required)
            .create()

        try await database.schema(OnboardingProfileModel.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id, onDelete: .cascade))
            .field("persona", .string, .required)
            .field("communication", .string, .required)
            .field("raw_profile", .string, .required)
            .field("created_at", .double, .required)
            .field("updated_at", .double, .required)
            .unique(on: "user_id")
            .create()

        try await database.schema(WorkoutModel.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id, onDelete: .cascade))
            .field("type", .string, .required)
            .field("started_at", .double, .required)
            .field("duration_minutes", .double, .required)
            .field("calories", .double)
            .field("exercises", .string, .required)
            .field("notes", .string)
            .field("created_at", .double, .required)
            .create()

        try await database.schema(FoodEntryModel.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id, onDelete: .cascade))
            .field("meal_type", .string, .required)
            .field("logged_at", .double, .required)
            .field("items", .string, .required)
            .field("notes", .string)
            .field("created_at", .double, .required)
            .create()

        try await database.schema(DailyLogModel.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id, onDelete: .cascade))
            .field("day", .string, .required)
            .field("energy", .int64)
            .field("sleep_quality", .int64)
            .field("stress", .int64)
            .field("mood", .string)
            .field("weight_kg", .double)
            .field("steps", .int64)
            .field("notes", .string)
            .field("created_at", .double, .required)
            .field("updated_at", .double, .required)
            .unique(on: "user_id", "day")
            .create()

        try await database.schema(CoachMessageModel.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id, onDelete: .cascade))
            .field("conversation_id", .uuid, .required)
            .field("role", .string, .required)
            .field("content", .string, .required)
            .field("model", .string)
            .field("input_tokens", .int64)
            .field("output_tokens", .int64)
            .field("tool_calls", .string, .required)
            .field("tool_call_id", .string)
            .field("is_complete", .bool, .required)
            .field("incomplete_reason", .string)
            .field("created_at", .double, .required)
            .create()

        try await database.schema(DataExportModel.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required, .references(UserModel.schema, .id, onDelete: .cascade))
            .field("date", .double, .required)
            .field("size", .int64, .required)
            .field("format", .string, .required)
            .create()

        try await database.schema(VaultEntryModel.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required)
            .field("provider", .string, .required)
            .field("sealed", .string, .required)
            .field("masked", .string, .required)
            .field("key_id", .string, .required)
            .field("updated_at", .double, .required)
            .unique(on: "user_id", "provider")
            .create()

        guard let sql = database as? any SQLDatabase else { return }
        let indexes: [(String, String, [String])] = [
            // Each index matches a query's filter and full sort order (ties break on id), so paging never sorts.
            ("idx_workouts_user_started", WorkoutModel.schema, ["user_id", "started_at", "id"]),
            ("idx_food_user_logged", FoodEntryModel.schema, ["user_id", "logged_at", "id"]),
            ("idx_messages_user_created", CoachMessageModel.schema, ["user_id", "created_at", "id"]),
            ("idx_messages_conversation", CoachMessageModel.schema, ["conversation_id", "created_at", "id"]),
            ("idx_exports_user", DataExportModel.schema, ["user_id", "date", "id"]),
        ]
        for (name, table, columns) in indexes {
            var builder = sql.create(index: name).on(table)
            for column in columns { builder = builder.column(column) }
            try await builder.run()
        }
    }

    func revert(on database: any Database) async throws {
        for schema in [
            VaultEntryModel.schema, DataExportModel.schema, CoachMessageModel.schema, DailyLogModel.schema,
            FoodEntryModel.schema, WorkoutModel.schema, OnboardingProfileModel.schema, UserModel.schema,
        ] {
            try await database.schema(schema).delete()
        }
    }
}
