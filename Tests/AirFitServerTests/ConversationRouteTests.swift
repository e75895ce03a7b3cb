import AirFitCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Past conversations")
struct ConversationRouteTests {
    @Test("Past conversations lists each with its first line and date, opens, renames and deletes it after asking")
    func conversations() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            #expect(text(try await web.get("/chat").body).contains(#"href="/chat/history" data-testid="chat.conversations""#))
            #expect(text(try await web.get("/chat/history").body).contains(#"data-testid="conversations.empty""#))
            let user = try #require(try await installation.repository.users().first)
            let now = installation.clock.now()
            let older = UUID()
            let newer = UUID()
            for (conversation, content, at) in [
                (older, "How should I recover after a long run?\\nI'm sore.", -86_400.0 * 3), (older, "Rest and eat.", -86_400 * 3 + 5),
                (newer, "Plan my week", -600),
            ] {
                try await installation.repository.appendMessage(
                    CoachMessage(
                        userID: user.id, conversationID: conversation, role: content == "Rest and eat." ? .assistant : .user,
                        content: content.replacingOccurrences(of: "\\n", with: "\n"), createdAt: now.addingTimeInterval(at)))
            }
            let list = text(try await web.get("/chat/history").body)
            #expect(attributeValues("data-id", testID: "conversation.row", in: list) == [newer.uuidString, older.uuidString])
            #expect(list.contains("<strong>Plan my week</strong>") && list.contains("Today · 2:56 PM · 1 message"))
            #expect(list.contains("<strong>How should I recover after a long run?</strong>") && list.contains("2 messages"))
            #expect(list.contains(#"href="/chat?c=\#(older.uuidString)#latest""#))

            // Rename: too long is refused with what was typed; a good name shows; empty brings the first line back.
            let rename = "/chat/history/\(older.uuidString)/rename"
            #expect(text(try await web.get(rename).body).contains(#"placeholder="How should I recover after a long run?""#))
            let long = String(repeating: "x", count: 81)
            let refused = try await web.post(rename, [("title", long)])
            #expect(refused.status == .unprocessableContent)
            #expect(
                text(refused.body).contains("Keep the name to 80 characters (it has 81).")
                    && text(refused.body).contains(#"value="\#(long)""#))
            let renamed = try await web.post(rename, [("title", "  Recovery\u{7}  ")])
            #expect(renamed.headers[.location] == "/chat/history?renamed=1")
            let afterRename = text(try await web.get("/chat/history?renamed=1").body)
            #expect(afterRename.contains("<strong>Recovery</strong>") && afterRename.contains("Renamed."))
            #expect(afterRename.contains(#"<span class="hint">How should I recover after a long run?</span>"#))
            try await web.post(rename, [("title", "")])
            #expect(try await installation.repository.conversations(userID: user.id).last?.customTitle == nil)

            // Delete asks first (the GET changes nothing), then removes the messages.
            let delete = "/chat/history/\(older.uuidString)/delete"
            let ask = text(try await web.get(delete).body)
            #expect(ask.contains("and its 2 messages?") && ask.contains(#"data-testid="conversation.deleteConfirm""#))
            #expect(try await installation.repository.messages(conversationID: older, userID: user.id, last: nil).count == 2)
            let deleted = try await web.post(delete, [])
            #expect(deleted.headers[.location] == "/chat/history?deleted=1")
            #expect(try await installation.repository.messages(conversationID: older, userID: user.id, last: nil).isEmpty)
            #expect(try await web.get(delete).status == .notFound)
            #expect(try await web.get("/chat/history/not-an-id/rename").status == .notFound)
            #expect(try await web.post("/chat/history/\(UUID().uuidString)/delete", []).status == .notFound)
        }
    }
}
