import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Provider fallbacks")
struct FallbackRouteTests {
    /// The owner on Anthropic at `first`, with OpenAI at `second` as their fallback.
    static func connect(_ installation: TestInstallation, first: FakeProviderServer, second: FakeProviderServer) async throws -> User {
        var owner = try #require(try await installation.repository.users().first)
        owner.selectedAIProvider = "anthropic"
        owner.aiBaseURL = first.root + "/v1"
        owner.aiFallbacks = [AIFallback(provider: "openai", model: "gpt-fallback")]
        try await installation.repository.updateUser(owner)
        try await installation.vault.saveSecret(
            "sk-ant-test-0123456789abcdefghij", provider: "anthropic", userID: owner.id, baseURL: first.root + "/v1")
        try await installation.vault.saveSecret(
            "sk-test-fallback-0123456789abcdef", provider: "openai", userID: owner.id, baseURL: second.root + "/v1")
        return owner
    }

    static func usage(_ installation: TestInstallation, _ owner: User, count: Int) async throws -> [UsageRecord] {
        let month = UsageMonth.containing(installation.clock.now(), timeZone: TimeZone(identifier: owner.timeZone) ?? .gmt)
        for _ in 0..<400 {
            let rows = try await installation.repository.usageRecords(userID: owner.id, month: month, limit: 50)
            if rows.count >= count { return rows.sorted { $0.attempt < $1.attempt } }
            try await Task.sleep(for: .milliseconds(5))
        }
        return []
    }

    @Test(
        "When the chosen provider answers 503 or 429 before its first byte, the fallback answers; the header says which; the ledger has both",
        arguments: [503, 429])
    func openAIEndpointFallsBack(status: Int) async throws {
        let installation = TestInstallation()
        try await withProviderServer { first in
            try await withProviderServer { second in
                first.script(
                    "/v1/messages",
                    [
                        .init(
                            status: status, headers: ["retry-after": "120"], chunks: [#"{"error":{"message":"busy"}}"#],
                            contentType: "application/json")
                    ])
                second.script("/v1/chat/completions", [.init(chunks: OpenAIWire.text(["Backup ", "answer."]))])
                try await installation.app().test(.router) { client in
                    var web = WebClient(client: client)
                    try await web.signUp()
                    let token = try await APITokenRouteTests.createToken(&web, scopes: ["openai"])
                    let owner = try await Self.connect(installation, first: first, second: second)
                    let response = try await OpenAIEndpointTests.completion(
                        client, token: token, body: #"{"model":"claude-test","messages":[{"role":"user","content":"Hi"}]}"#)
                    #expect(response.status == .ok)
                    #expect(response.headers[OpenAIController.servedHeader] == "openai/gpt-fallback")
                    #expect(text(response.body).contains("Backup answer."))
                    #expect(second.requests.first?.headers["authorization"] == "Bearer sk-test-fallback-0123456789abcdef")
                    let rows = try await Self.usage(installation, owner, count: 2)
                    #expect(rows.map(\.provider) == ["anthropic", "openai"] && rows.map(\.outcome) == [.failed, .completed])
                    #expect(rows.allSatisfy { $0.purpose == .openAI } && rows[1].tokens.total == 57)
                }
            }
        }
    }

    @Test("With a fallback behind it, a failing provider is asked once, not retried: the fallback answers at once")
    func noRetriesBeforeFallback() async throws {
        let installation = TestInstallation()
        try await withProviderServer { first in
            try await withProviderServer { second in
                first.script(
                    "/v1/messages", [.init(status: 503, chunks: [#"{"error":{"message":"down"}}"#], contentType: "application/json")])
                second.script("/v1/chat/completions", [.init(chunks: OpenAIWire.text(["Quick."]))])
                try await installation.app().test(.router) { client in
                    var web = WebClient(client: client)
                    try await web.signUp()
                    let token = try await APITokenRouteTests.createToken(&web, scopes: ["openai"])
                    _ = try await Self.connect(installation, first: first, second: second)
                    let response = try await OpenAIEndpointTests.completion(
                        client, token: token, body: #"{"model":"claude-test","messages":[{"role":"user","content":"Hi"}]}"#)
                    #expect(response.status == .ok && text(response.body).contains("Quick."))
                    // One scripted reply: a retry would be a second hit (and a second of backoff before the fallback).
                    #expect(first.hits("/v1/messages") == 1, "no retries: AirFit's backoff would wait a second first")
                    #expect(second.hits("/v1/chat/completions") == 1)
                }
            }
        }
    }

    @Test("In the chat, a fallback's answer comes with a small note saying who answered and why")
    func chatNote() async throws {
        let installation = TestInstallation()
        try await withProviderServer { first in
            try await withProviderServer { second in
                first.script(
                    "/v1/messages",
                    [
                        .init(
                            status: 503, headers: ["retry-after": "120"], chunks: [#"{"error":{"message":"down"}}"#],
                            contentType: "application/json")
                    ])
                second.script("/v1/chat/completions", [.init(chunks: OpenAIWire.text(["Still here."]))])
                try await installation.app().test(.router) { client in
                    var web = WebClient(client: client)
                    try await web.signUp()
                    _ = try await Self.connect(installation, first: first, second: second)
                    let page = text(try await web.get("/chat").body)
                    let conversation = ChatRouteTests.conversation(page)
                    let frames = ChatRouteTests.frames(
                        text(try await web.post("/chat/stream", [("conversation", conversation), ("message", "Plan?")]).body))
                    #expect(frames.map(\.0) == ["user", "note", "delta", "done"])
                    #expect(frames[1].1.contains("Answered by OpenAI (gpt-fallback): Anthropic Claude was failing (HTTP 503)"))
                }
            }
        }
    }

    @Test("After the first byte there is no fallback: a stream that breaks ends with an error frame, the fallback never asked")
    func noFallbackAfterFirstByte() async throws {
        let installation = TestInstallation()
        try await withProviderServer { first in
            try await withProviderServer { second in
                first.script("/v1/messages", [.init(chunks: Array(AnthropicWire.text(["Half"]).prefix(3)), ending: .drop)])
                try await installation.app().test(.router) { client in
                    var web = WebClient(client: client)
                    try await web.signUp()
                    let token = try await APITokenRouteTests.createToken(&web, scopes: ["openai"])
                    _ = try await Self.connect(installation, first: first, second: second)
                    let response = try await OpenAIEndpointTests.completion(
                        client, token: token, body: #"{"model":"claude-test","stream":true,"messages":[{"role":"user","content":"Hi"}]}"#)
                    #expect(response.status == .ok && response.headers[OpenAIController.servedHeader] == "anthropic/claude-test")
                    let frames = OpenAIEndpointTests.data(text(response.body))
                    // (The dropped connection may take the last piece of text with it; the error frame always ends it.)
                    #expect(frames.last?.hasPrefix(#"{"error":"#) == true, "\(frames)")
                    #expect(second.requests.isEmpty)
                }
            }
        }
    }

    @Test("Settings → AI provider adds a fallback with a stored key, refuses the provider in use or one without a key, and removes")
    func settingsForm() async throws {
        let installation = TestInstallation()
        try await installation.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            var owner = try #require(try await installation.repository.users().first)
            owner.selectedAIProvider = "openai"
            try await installation.repository.updateUser(owner)
            try await installation.vault.saveSecret("sk-test-0123456789abcdefghijklmn", provider: "openai", userID: owner.id, baseURL: nil)
            try await installation.vault.saveSecret(
                "sk-ant-0123456789abcdefghijklmn", provider: "anthropic", userID: owner.id, baseURL: nil)
            try await web.get("/settings/provider")
            let primary = try await web.post("/settings/provider/fallbacks", [("provider", "openai"), ("model", "")])
            #expect(primary.status == .unprocessableContent && text(primary.body).contains("already use first"))
            let keyless = try await web.post("/settings/provider/fallbacks", [("provider", "gemini"), ("model", "")])
            #expect(keyless.status == .unprocessableContent && text(keyless.body).contains("Add an API key"))
            let added = try await web.post("/settings/provider/fallbacks", [("provider", "anthropic"), ("model", "claude-haiku")])
            #expect(added.status == .seeOther)
            let ollama = try await web.post("/settings/provider/fallbacks", [("provider", "ollama"), ("model", "")])
            #expect(ollama.status == .seeOther)
            #expect(try await installation.repository.user(id: owner.id)?.aiFallbacks?.map(\.provider) == ["anthropic", "ollama"])
            let page = text(try await web.get("/settings/provider?fallback=added").body)
            #expect(page.components(separatedBy: #"data-testid="provider.fallback.row""#).count == 3 && page.contains("claude-haiku"))
            #expect(try await web.post("/settings/provider/fallbacks/anthropic/remove", []).status == .seeOther)
            #expect(try await installation.repository.user(id: owner.id)?.aiFallbacks == [AIFallback(provider: "ollama")])
            #expect(try await web.post("/settings/provider/fallbacks/gemini/remove", []).status == .notFound)
        }
    }
}
