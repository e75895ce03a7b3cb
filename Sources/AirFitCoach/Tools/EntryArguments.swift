import AirFitCore
import Foundation

/// The `kind` and `id` every entry tool takes, read into a reference.
struct EntryArguments: Decodable {
    var kind: String
    var id: String

    /// The schema of the two fields.
    static let schema: [String: JSONValue] = [
        "kind": ToolSchema.string("What the entry is.", oneOf: HistoryKind.allCases.map(\.rawValue)),
        "id": ToolSchema.string("The entry's id, as a logging tool or the recent activity gave it."),
    ]

    /// The entry named, checked to exist for the person.
    func entry(in context: ToolContext) async throws -> LoggedEntry {
        guard let kind = HistoryKind(rawValue: kind.lowercased()) else {
            throw ToolError.invalidArguments("kind must be one of \(HistoryKind.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        guard let id = UUID(uuidString: id) else {
            throw ToolError.invalidArguments("id must be an entry id like 6F9619FF-8B86-D011-B42D-00C04FC964FF (got \"\(self.id)\").")
        }
        guard let entry = try await context.repository.entry(EntryReference(kind: kind, id: id), userID: context.user.id) else {
            throw ToolError.unavailable(
                "There is no \(kind.rawValue) with that id; it may have been deleted. Look it up in the recent activity.")
        }
        return entry
    }
}
