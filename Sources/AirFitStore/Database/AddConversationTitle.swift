import FluentKit

/// Adds `coach_messages.conversation_title`: on a conversation's first message, the name the person gave it.
struct AddConversationTitle: AsyncMigration {
    var name: String { "AirFit.AddConversationTitle.v12" }

    func prepare(on database: any Database) async throws {
        try await database.schema(CoachMessageModel.schema).field("conversation_title", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(CoachMessageModel.schema).deleteField("conversation_title").update()
    }
}
