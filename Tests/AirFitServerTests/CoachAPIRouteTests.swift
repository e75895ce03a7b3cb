import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Onboarding, persona, chat, conversations and export API")
struct CoachAPIRouteTests {
    typealias Support = EntryAPIRouteTests

    static let answers = #"""
        {"lifeSnapshot":["busy_professional"],"aspiration":"endurance",
         "style":{"authoritative":40,"empathetic":30,"analytical":20,"playful":10},"engagement":"consistent_balanced",
         "availability":[{"day":"tue","start":"06:30","end":"07:15"}],"sleep":{"bedtime":"22:30","wake":"06:30","rhythm":"consistent"},
         "motivation":{"achievement":"subtle","inactivity":"gentle"},"units":"metric"}
        """#

    @Test("Onboarding by API: answers are checked field by field, kept as the pages' draft, and complete builds the persona")
    func onboarding() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            let member = try await Support.member(installation, &web)
            let call = { (path: String, method: HTTPRequest.Method, body: String?) in
                try await APITokenRouteTests.bearer(client, path, token: member.token, method: method, body: body)
            }
            #expect(try await call("/api/v1/persona", .get, nil).status == .notFound)
            // "Maybe later" at sign-up kept a draft with no answers yet: nothing to build a coach from.
            let early = try await call("/api/v1/onboarding/complete", .post, nil)
            #expect(try early.status == .unprocessableContent && Support.fields(early).contains("aspiration"), "\(text(early.body))")
            let before = try await installation.drafts.draft(userID: member.user.id)

            let bad = try await call(
                "/api/v1/onboarding/answers", .put, #"{"lifeSnapshot":["astronaut"],"aspiration":"x","sleep":{"bedtime":"late"}}"#)
            #expect(bad.status == .unprocessableContent)
            #expect(try Support.fields(bad) == ["lifeSnapshot[0]", "aspiration", "sleep.bedtime"], "\(text(bad.body))")
            #expect(try await installation.drafts.draft(userID: member.user.id) == before, "refused answers change nothing")

            let kept = try await call("/api/v1/onboarding/answers", .put, Self.answers)
            #expect(
                try kept.status == .ok && (try Support.conformance(kept, "PUT", "/api/v1/onboarding/answers")) == [], "\(text(kept.body))")
            #expect(try Support.json(kept)["draft"]?["screen"]?.string == "motivation")
            // The pages open the same draft on its last question.
            #expect(text(try await web.get("/onboarding").body).contains("motivation"))

            let completed = try await call("/api/v1/onboarding/complete", .post, nil)
            #expect(try completed.status == .ok && (try Support.conformance(completed, "POST", "/api/v1/onboarding/complete")) == [])
            #expect(try await installation.repository.onboardingProfile(userID: member.user.id) != nil)
            let state = try Support.json(try await call("/api/v1/onboarding", .get, nil))
            #expect(state["completed"] == .bool(true) && state["draft"] == nil)
            let persona = try await call("/api/v1/persona", .get, nil)
            #expect(try persona.status == .ok && (try Support.conformance(persona, "GET", "/api/v1/persona")) == [])
        }
    }

    @Test("Chat by API streams the chat page's frames with the conversation in a header; conversations list, read, rename, delete")
    func chatAndConversations() async throws {
        let installation = TestInstallation()
        try await withProviderServer { provider in
            provider.script(
                "/v1/chat/completions",
                [
                    .init(chunks: OpenAIWire.toolCall("logWorkout", arguments: #"{"type":"run","durationMinutes":30}"#)),
                    .init(chunks: OpenAIWire.text(["Great ", "run!"])),
                ])
            try await installation.app().test(.router) { client in
                let token = try await CoachCompletionsTests.setUp(
                    installation, client, provider: provider, scopes: ["read", "write", "chat"])
                let owner = try #require(try await installation.repository.users().first)
                let call = { (path: String, method: HTTPRequest.Method, body: String?) in
                    try await APITokenRouteTests.bearer(client, path, token: token, method: method, body: body)
                }
                #expect(try await call("/api/v1/chat", .post, #"{"message":"   "}"#).status == .unprocessableContent)

                let reply = try await call("/api/v1/chat", .post, #"{"message":"I ran for 30 minutes"}"#)
                #expect(reply.status == .ok && reply.headers[.contentType]?.hasPrefix("text/event-stream") == true)
                let conversation = try #require(reply.headers[ChatAPIController.conversationHeader])
                let events = ChatRouteTests.frames(text(reply.body)).map(\.0)
                #expect(events.first == "user" && events.contains("tool") && events.contains("delta") && events.last == "done", "\(events)")
                #expect(try await installation.repository.workouts(userID: owner.id, query: RecordQuery()).count == 1)

                let list = try await call("/api/v1/conversations", .get, nil)
                #expect(try list.status == .ok && (try Support.conformance(list, "GET", "/api/v1/conversations")) == [])
                #expect(try Support.json(list)["conversations"]?.array?.first?["id"]?.string?.lowercased() == conversation.lowercased())
                let messages = try await call("/api/v1/conversations/\(conversation)/messages", .get, nil)
                #expect(
                    try messages.status == .ok
                        && (try Support.conformance(messages, "GET", "/api/v1/conversations/{conversation}/messages")) == [])
                let roles = try Support.json(messages)["messages"]?.array?.compactMap { $0["role"]?.string }
                #expect(roles?.first == "user" && roles?.last == "assistant" && roles?.contains("tool") == true)
                #expect(try await call("/api/v1/conversations/\(conversation)/messages?limit=0", .get, nil).status == .unprocessableContent)

                let renamed = try await call("/api/v1/conversations/\(conversation)", .patch, #"{"title":"Monday run"}"#)
                #expect(try renamed.status == .ok && (try Support.json(renamed))["title"]?.string == "Monday run")
                #expect(try await call("/api/v1/conversations/\(UUID().uuidString)", .get, nil).status == .notFound)
                #expect(try await call("/api/v1/chat/stop", .post, nil).status == .notFound)
                #expect(try await call("/api/v1/conversations/\(conversation)", .delete, nil).status == .noContent)
                #expect(try await installation.repository.conversations(userID: owner.id).isEmpty)
            }
        }
    }

    @Test("Export by API is the Settings → Data file, recorded in the export history; an unknown format is refused by name")
    func export() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let token = try await APITokenRouteTests.createToken(&web, scopes: ["read"])
            let owner = try #require(try await installation.repository.users().first)
            let file = try await APITokenRouteTests.bearer(client, "/api/v1/export", token: token, method: .post)
            #expect(file.status == .ok && file.headers[.contentType] == "application/json")
            #expect(file.headers[.contentDisposition]?.contains("airfit-export-") == true)
            #expect(try JSONSerialization.jsonObject(with: Data(file.body.readableBytesView)) is [String: Any])
            #expect(try await installation.repository.exports(userID: owner.id).count == 1)
            let refused = try await APITokenRouteTests.bearer(client, "/api/v1/export?format=pdf", token: token, method: .post)
            #expect(try refused.status == .unprocessableContent && (try Support.fields(refused)) == ["format"])
        }
    }
}
