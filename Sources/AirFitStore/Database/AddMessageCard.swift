import FluentKit

/// Adds `coach_messages.card`: a tool message's card text, so the chat shows the same card after a reload.
struct AddMessageCard: AsyncMigration {
    var name: String { "AirFit.AddMessageCard.v9" }

    func prepare(on database: any Database) async throws {
        try await database.schema(CoachMessageModel.schema).field("card", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CoachMessageModel.schema).deleteField("card").update()
    }
}
