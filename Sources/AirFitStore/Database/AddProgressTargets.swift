import FluentKit

/// Adds the targets the progress page draws against: `users.goal_weight_kg`, `users.daily_calorie_target` and
/// `users.daily_protein_target_grams` (all nullable: none is set until the person sets it).
struct AddProgressTargets: AsyncMigration {
    var name: String { "AirFit.AddProgressTargets.v13" }

    /// The columns and their types. One change per statement: SQLite alters one column at a time.
    private static let columns: [(name: FieldKey, type: DatabaseSchema.DataType)] = [
        ("goal_weight_kg", .double), ("daily_calorie_target", .int), ("daily_protein_target_grams", .int),
    ]

    func prepare(on database: any Database) async throws {
        for column in Self.columns {
            try await database.schema(UserModel.schema).field(column.name, column.type).update()
        }
    }

    func revert(on database: any Database) async throws {
        for column in Self.columns.reversed() {
            try await database.schema(UserModel.schema).deleteField(column.name).update()
        }
    }
}
