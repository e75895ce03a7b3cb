import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("The airfit-coach model")
struct CoachCompletionsTests {
    /// Signs up, points the owner's coach at `provider` (OpenAI-compatible) and returns a token with `scopes`.
    static func setUp(
        _ installation: TestInstallation, _ client: some TestClientProtocol, provider: FakeProviderServer, scopes: [String] = ["openai"]
    ) async throws -> String {
        var web = WebClient(client: client)
        try await web.signUp()
        var owner = try #require(try await installation.repository.users().first)
        owner.selectedAIProvider = "openai"
        owner.selectedAIModel = "gpt-test"
        owner.aiBaseURL = provider.baseURL
        try await installation.repository.updateUser(owner)
        try await installation.vault.saveSecret(
            "sk-test-0123456789abcdefghijklmn", provider: "openai", userID: owner.id, baseURL: provider.baseURL)
        return try await APITokenRouteTests.createToken(&web, scopes: scopes)
    }

    @Test("Any OpenAI client talks to the member's coach: its tools run on the server (a workout is logged) and the thread is kept")
    func coachLogsAWorkout() async throws {
        let installation = TestInstallation()
        try await withProviderServer { provider in
            provider.script(
                "/v1/chat/completions",
                [
                    .init(chunks: OpenAIWire.toolCall("logWorkout", arguments: #"{"type":"run","durationMinutes":30}"#)),
                    .init(chunks: OpenAIWire.text(["Great ", "run!"])),
                    .init(chunks: OpenAIWire.text(["Rest tomorrow."])),
                ])
            try await installation.app().test(.router) { client in
                let token = try await Self.setUp(installation, client, provider: provider)
                let owner = try #require(try await installation.repository.users().first)
                let first = try await OpenAIEndpointTests.completion(
                    client, token: token,
                    body: #"{"model":"airfit-coach","stream":true,"messages":[{"role":"user","content":"I ran for 30 minutes"}]}"#)
                #expect(first.status == .ok)
                let frames = OpenAIEndpointTests.data(text(first.body))
                #expect(frames.contains { $0.contains(#""content":"Great ""#) } && frames.last == "[DONE]")
                #expect(!frames.contains { $0.contains("tool_calls") }, "the coach's tools run on the server")
                let workouts = try await installation.repository.workouts(userID: owner.id, query: RecordQuery())
                #expect(workouts.count == 1 && workouts.first?.durationMinutes == 30)
                // The persona's system prompt went to the provider, not the client's.
                #expect(provider.requests.first?.body.contains(#""role":"system""#) == true)

                // The same thread, continued: one conversation with both turns.
                let second = try await OpenAIEndpointTests.completion(
                    client, token: token,
                    body:
                        #"{"model":"airfit-coach","messages":[{"role":"user","content":"I ran for 30 minutes"},{"role":"assistant","content":"Great run!"},{"role":"user","content":"And tomorrow?"}]}"#
                )
                #expect(second.status == .ok && text(second.body).contains("Rest tomorrow."))
                let conversations = try await installation.repository.conversations(userID: owner.id)
                #expect(conversations.count == 1)
                let models = try await client.executeRequest(
                    uri: "/v1/models", method: .get, headers: [.authorization: "Bearer \(token)"], body: nil)
                #expect(text(models.body).contains(#""id":"airfit-coach""#))
            }
        }
    }

    @Test("A request whose last message isn't the member's is refused, naming messages; a new thread is a new conversation")
    func lastMessage() async throws {
        let installation = TestInstallation()
        try await withProviderServer { provider in
            provider.script("/v1/chat/completions", [.init(chunks: OpenAIWire.text(["Hi."])), .init(chunks: OpenAIWire.text(["Hello."]))])
            try await installation.app().test(.router) { client in
                let token = try await Self.setUp(installation, client, provider: provider)
                let owner = try #require(try await installation.repository.users().first)
                let refused = try await OpenAIEndpointTests.completion(
                    client, token: token, body: #"{"model":"airfit-coach","messages":[{"role":"assistant","content":"Hi"}]}"#)
                #expect(refused.status == .badRequest && text(refused.body).contains(#""param":"messages""#))
                for opening in ["Morning!", "Evening!"] {
                    let answer = try await OpenAIEndpointTests.completion(
                        client, token: token, body: #"{"model":"airfit-coach","messages":[{"role":"user","content":"\#(opening)"}]}"#)
                    #expect(answer.status == .ok)
                }
                #expect(try await installation.repository.conversations(userID: owner.id).count == 2)
            }
        }
    }
}
