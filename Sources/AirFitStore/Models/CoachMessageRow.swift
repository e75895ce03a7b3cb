import AirFitCore
import Foundation
import SQLKit

/// Decodes `coach_messages` rows read with SQLKit (bulk reads skip the model layer).
enum CoachMessageRow {
    static let columns = [
        "id", "user_id", "conversation_id", "role", "content", "model", "input_tokens", "output_tokens", "tool_calls",
        "tool_call_id", "is_complete", "incomplete_reason", "card", "conversation_title", "created_at",
    ]

    static func decode(_ row: any SQLRow) throws -> CoachMessage {
        CoachMessage(
            id: try row.decode(column: "id", as: UUID.self),
            userID: try row.decode(column: "user_id", as: UUID.self),
            conversationID: try row.decode(column: "conversation_id", as: UUID.self),
            role: try StoredJSON.enumValue(try row.decode(column: "role", as: String.self), column: "role"),
            content: try row.decode(column: "content", as: String.self),
            model: try row.decode(column: "model", as: String?.self),
            inputTokens: try row.decode(column: "input_tokens", as: Int?.self),
            outputTokens: try row.decode(column: "output_tokens", as: Int?.self),
            toolCalls: try StoredJSON.decode(try row.decode(column: "tool_calls", as: String.self)),
            toolCallID: try row.decode(column: "tool_call_id", as: String?.self),
            isComplete: try row.decode(column: "is_complete", as: Bool.self),
            incompleteReason: try row.decode(column: "incomplete_reason", as: String?.self),
            card: try row.decode(column: "card", as: String?.self),
            conversationTitle: try row.decode(column: "conversation_title", as: String?.self),
            createdAt: Date(timeIntervalSince1970: try row.decode(column: "created_at", as: Double.self)))
    }
}
