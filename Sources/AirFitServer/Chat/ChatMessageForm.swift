import Foundation
import Hummingbird

/// A chat post: the conversation and, for a new message, its text.
struct ChatMessageForm: Decodable {
    @FormText var conversation: String?
    @FormText var message: String?

    /// The conversation the post belongs to.
    /// - Throws: `HTTPError(.badRequest)` when it is missing or not an id.
    func conversationID() throws -> UUID {
        guard let conversation, let id = UUID(uuidString: conversation) else {
            throw HTTPError(.badRequest, message: "The conversation is missing. Reload the page and try again.")
        }
        return id
    }
}
