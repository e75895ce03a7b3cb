import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

/// Anthropic's streaming wire format, as the fake provider answers it.
enum AnthropicWire {
    static func event(_ name: String, _ data: String) -> String { "event: \(name)\ndata: \(data)\n\n" }

    static func text(_ pieces: [String]) -> [String] {
        [
            event("message_start", #"{"type":"message_start","message":{"id":"msg_1","usage":{"input_tokens":21,"output_tokens":1}}}"#),
            event("content_block_start", #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#),
        ]
            + pieces.map {
                event("content_block_delta", #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\#($0)"}}"#)
            }
            + [
                event("content_block_stop", #"{"type":"content_block_stop","index":0}"#),
                event("message_delta", #"{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}}"#),
                event("message_stop", #"{"type":"message_stop"}"#),
            ]
    }
}

/// The first element of a JSON array.
private func first(_ value: JSONValue?) -> JSONValue? {
    if case .array(let items)? = value { return items.first }
    return nil
}

@Suite("OpenAI-compatible endpoint")
struct OpenAIEndpointTests {
    /// Signs up, points the owner at `provider` as Anthropic, and returns a token with `scopes`.
    static func setUp(
        _ installation: TestInstallation, _ client: some TestClientProtocol, provider: FakeProviderServer, scopes: [String] = ["openai"]
    ) async throws -> String {
        var web = WebClient(client: client)
        return try await setUp(installation, web: &web, provider: provider, scopes: scopes)
    }

    /// The same, signing up with `web` (which stays signed in).
    static func setUp(
        _ installation: TestInstallation, web: inout WebClient, provider: FakeProviderServer, scopes: [String] = ["openai"]
    ) async throws -> String {
        try await web.signUp()
        var owner = try #require(try await installation.repository.users().first)
        owner.selectedAIProvider = "anthropic"
        owner.aiBaseURL = provider.root + "/v1"
        try await installation.repository.updateUser(owner)
        try await installation.vault.saveSecret(
            "sk-ant-test-0123456789abcdefghij", provider: "anthropic", userID: owner.id, baseURL: provider.root + "/v1")
        return try await APITokenRouteTests.createToken(&web, scopes: scopes)
    }

    static func completion(_ client: some TestClientProtocol, token: String?, body: String) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await client.executeRequest(uri: "/v1/chat/completions", method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// The `data:` payloads of an SSE body.
    static func data(_ body: String) -> [String] {
        body.components(separatedBy: "\n\n").compactMap { $0.hasPrefix("data: ") ? String($0.dropFirst(6)) : nil }
    }

    @Test("An OpenAI streaming request reaches the member's Anthropic with their key and comes back as OpenAI chunks with usage")
    func streamsThroughAnthropic() async throws {
        let installation = TestInstallation()
        try await withProviderServer { provider in
            provider.script("/v1/messages", [.init(chunks: AnthropicWire.text(["Squats ", "first."]))])
            try await installation.app().test(.router) { client in
                let token = try await Self.setUp(installation, client, provider: provider)
                let response = try await Self.completion(
                    client, token: token,
                    body:
                        #"{"model":"claude-test","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"What first?"}]}"#
                )
                #expect(response.status == .ok && response.headers[.contentType] == "text/event-stream; charset=utf-8")
                let frames = Self.data(text(response.body))
                #expect(frames.last == "[DONE]")
                #expect(frames.contains { $0.contains(#""content":"Squats ""#) } && frames.contains { $0.contains(#""content":"first.""#) })
                #expect(frames.contains { $0.contains(#""finish_reason":"stop""#) })
                #expect(frames.contains { $0.contains(#""prompt_tokens":21"#) && $0.contains(#""completion_tokens":9"#) })
                #expect(frames.allSatisfy { $0 == "[DONE]" || $0.contains(#""model":"claude-test""#) })
                let sent = try #require(provider.requests.first)
                #expect(sent.headers["x-api-key"] == "sk-ant-test-0123456789abcdefghij")
                #expect(
                    sent.body.contains(#""model":"claude-test""#) && sent.body.contains("Be brief.") && sent.body.contains("What first?"))
            }
        }
    }

    @Test("A request without stream gets one chat.completion object")
    func nonStreaming() async throws {
        let installation = TestInstallation()
        try await withProviderServer { provider in
            provider.script("/v1/messages", [.init(chunks: AnthropicWire.text(["Rest ", "today."]))])
            try await installation.app().test(.router) { client in
                let token = try await Self.setUp(installation, client, provider: provider)
                let response = try await Self.completion(
                    client, token: token, body: #"{"model":"claude-test","messages":[{"role":"user","content":"Train?"}]}"#)
                #expect(response.status == .ok, "\(text(response.body)) \(provider.requests.map(\.path))")
                let json = try JSONValue(data: Data(response.body.readableBytesView))
                #expect(json["object"]?.stringValue == "chat.completion")
                #expect(first(json["choices"])?["message"]?["content"]?.stringValue == "Rest today.")
                #expect(json["usage"]?["total_tokens"]?.doubleValue == 30)
            }
        }
    }

    @Test("A provider that refuses at once gives the client a status and OpenAI's error shape; nothing is streamed")
    func upstreamFailure() async throws {
        let installation = TestInstallation()
        try await withProviderServer { provider in
            provider.script(
                "/v1/messages",
                [
                    .init(
                        status: 401, chunks: [#"{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}"#],
                        contentType: "application/json")
                ])
            try await installation.app().test(.router) { client in
                let token = try await Self.setUp(installation, client, provider: provider)
                let response = try await Self.completion(
                    client, token: token, body: #"{"model":"claude-test","stream":true,"messages":[{"role":"user","content":"Hi"}]}"#)
                #expect(response.status == .badGateway)
                let json = try JSONValue(data: Data(response.body.readableBytesView))
                #expect(json["error"]?["code"]?.stringValue == "provider_authentication_failed")
                #expect(!text(response.body).contains("sk-ant-test"))
            }
        }
    }

    @Test("Without a token, with a session only, or without the openai scope, the endpoint refuses in OpenAI's shape")
    func access() async throws {
        let installation = TestInstallation()
        try await withProviderServer { provider in
            try await installation.app().test(.router) { client in
                let readOnly = try await Self.setUp(installation, client, provider: provider, scopes: ["read"])
                let body = #"{"model":"m","messages":[{"role":"user","content":"Hi"}]}"#
                let anonymous = try await Self.completion(client, token: nil, body: body)
                #expect(anonymous.status == .unauthorized)
                #expect(try JSONValue(data: Data(anonymous.body.readableBytesView))["error"]?["code"]?.stringValue == "invalid_api_key")
                let scoped = try await Self.completion(client, token: readOnly, body: body)
                #expect(scoped.status == .forbidden && text(scoped.body).contains("`openai`"))
                let wrong = try await Self.completion(client, token: "afp_nope", body: body)
                #expect(wrong.status == .unauthorized)
                #expect(provider.requests.isEmpty)
            }
        }
    }

    @Test("A request the relay can't read is refused with 400 naming the field; models lists the member's model")
    func badRequestAndModels() async throws {
        let installation = TestInstallation()
        try await withProviderServer { provider in
            try await installation.app().test(.router) { client in
                let token = try await Self.setUp(installation, client, provider: provider)
                let response = try await Self.completion(
                    client, token: token, body: #"{"model":"m","temperature":7,"messages":[{"role":"user","content":"Hi"}]}"#)
                #expect(response.status == .badRequest)
                let json = try JSONValue(data: Data(response.body.readableBytesView))
                #expect(json["error"]?["param"]?.stringValue == "temperature")
                let models = try await client.executeRequest(
                    uri: "/v1/models", method: .get, headers: [.authorization: "Bearer \(token)"], body: nil)
                #expect(models.status == .ok)
                let list = try JSONValue(data: Data(models.body.readableBytesView))
                #expect(list["object"]?.stringValue == "list" && first(list["data"])?["id"]?.stringValue == "airfit-coach")
                #expect(text(models.body).contains(#""id":"claude"#), "the member's own model is listed too")
                let coach = try await client.executeRequest(
                    uri: "/v1/models/airfit-coach", method: .get, headers: [.authorization: "Bearer \(token)"], body: nil)
                let one = try JSONValue(data: Data(coach.body.readableBytesView))
                #expect(coach.status == .ok && one["id"]?.stringValue == "airfit-coach" && one["object"]?.stringValue == "model")
                let unknown = try await client.executeRequest(
                    uri: "/v1/models/gpt-9", method: .get, headers: [.authorization: "Bearer \(token)"], body: nil)
                let refusal = try JSONValue(data: Data(unknown.body.readableBytesView))
                #expect(unknown.status == .notFound && refusal["error"]?["code"]?.stringValue == "model_not_found")
                let missing = try await client.executeRequest(
                    uri: "/v1/nothing", method: .get, headers: [.authorization: "Bearer \(token)"], body: nil)
                #expect(missing.status == .notFound && text(missing.body).hasPrefix(#"{"error":"#))
                #expect(provider.requests.isEmpty)
            }
        }
    }
}
