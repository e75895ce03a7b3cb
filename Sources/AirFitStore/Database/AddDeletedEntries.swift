import FluentKit

/// Adds `deleted_entries`: a copy of each workout, meal or check-in for the seconds its undo is offered, deleted with
/// the person's data and never exported.
struct AddDeletedEntries: AsyncMigration {
    static let schema = "deleted_entries"
    var name: String { "AirFit.AddDeletedEntries.v11" }

    func prepare(on database: any Database) async throws {
        try await database.schema(Self.schema)
            .field(.id, .uuid, .identifier(auto: false))
            .field("user_id", .uuid, .required)
            .field("kind", .string, .required)
            .field("payload", .string, .required)
            .field("deleted_at", .double, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Self.schema).delete()
    }
}
