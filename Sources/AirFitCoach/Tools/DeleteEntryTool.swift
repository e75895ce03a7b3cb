import AirFitCore
import Foundation

/// `deleteEntry`: deletes a logged workout, meal or check-in, but only once the person has said yes in the
/// conversation.
///
/// The first call deletes nothing: it answers with a confirmation code tied to the entry and to the person's message
/// being answered. A second call with that code deletes the entry only when the person has written since — a code
/// from the current turn is refused, so the model cannot ask and answer for them.
struct DeleteEntryTool: CoachToolHandler {
    struct Arguments: Decodable {
        var kind: String
        var id: String
        var confirmation: String?
    }

    let definition = CoachToolDefinition(
        name: "deleteEntry", labels: ToolCardLabels(running: "Deleting entry…", done: "Entry deleted"),
        description:
            "Delete a logged workout, meal or check-in. Call it first without confirmation: it deletes nothing and gives a "
            + "confirmation code. Ask the person; only after they agree in their next message, call it again with the code.",
        parameters: ToolSchema.object(
            EntryArguments.schema.merging([
                "confirmation": ToolSchema.string("The code the first call gave, once the person has agreed.")
            ]) { first, _ in first }, required: ["kind", "id"]))

    func run(argumentsJSON: String, context: ToolContext) async throws -> ToolOutcome {
        let args = try decode(Arguments.self, from: argumentsJSON)
        let entry = try await EntryArguments(kind: args.kind, id: args.id).entry(in: context)
        let title = entry.title(units: context.user.preferredUnits)
        guard let code = args.confirmation?.trimmingCharacters(in: .whitespaces), !code.isEmpty else {
            guard let current = context.turn.current else {
                throw ToolError.unavailable("Deleting needs the person's confirmation in the conversation.")
            }
            return try result([
                "deleted": "nothing yet", "entry": title, "confirmation": Self.code(entry.reference, message: current),
                "next":
                    "Ask the person whether to delete this \(entry.noun). Only if they agree in their reply, call deleteEntry again with this confirmation.",
            ])
        }
        if let current = context.turn.current, code == Self.code(entry.reference, message: current) {
            throw ToolError.invalidArguments("The person has not answered yet: ask them, and call again only after they agree.")
        }
        guard context.turn.earlier.contains(where: { Self.code(entry.reference, message: $0) == code }) else {
            throw ToolError.invalidArguments("That confirmation is not for this entry. Call deleteEntry without one to get a code.")
        }
        guard try await context.repository.deleteEntry(entry.reference, userID: context.user.id, at: context.now) != nil else {
            throw ToolError.unavailable("That \(entry.noun) is already gone.")
        }
        return try result(
            ["deleted": entry.reference.kind.rawValue, "id": entry.reference.id.uuidString], card: "Deleted \(entry.noun): \(title)")
    }

    /// Eight hex digits tied to the entry and the person's message (FNV-1a: stable across restarts, not guessable by
    /// a model that never sees message ids).
    static func code(_ reference: EntryReference, message: UUID) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(reference.kind.rawValue)|\(reference.id.uuidString)|\(message.uuidString)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(format: "%08x", UInt32(truncatingIfNeeded: hash >> 16))
    }
}
