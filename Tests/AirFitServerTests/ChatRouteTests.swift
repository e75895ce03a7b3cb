import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

/// OpenAI chat-completion stream bodies, as the fake provider sends them.
enum OpenAIWire {
    static func chunk(_ delta: String, finish: String? = nil) -> String {
        let reason = finish.map { #""\#($0)""# } ?? "null"
        return #"data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":\#(delta),"finish_reason":\#(reason)}]}"#
            + "\n\n"
    }

    static func text(_ pieces: [String]) -> [String] {
        pieces.map { chunk(#"{"content":"\#($0)"}"#) } + [
            chunk("{}", finish: "stop"),
            #"data: {"id":"c","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":50,"completion_tokens":7}}"# + "\n\n",
            "data: [DONE]\n\n",
        ]
    }

    static func toolCall(_ name: String, arguments: String) -> [String] {
        let escaped = arguments.replacingOccurrences(of: "\"", with: "\\\"")
        return [
            chunk(
                #"{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"\#(name)","arguments":""}}]}"#
            ),
            chunk(#"{"tool_calls":[{"index":0,"function":{"arguments":"\#(escaped)"}}]}"#),
            chunk("{}", finish: "tool_calls"), "data: [DONE]\n\n",
        ]
    }
}

@Suite("Coach chat pages")
struct ChatRouteTests {
    /// An app over in-memory stores whose owner talks to `provider` (an OpenAI-compatible fake) when given.
    struct Harness {
        let repository = InMemoryStore()
        let vault = InMemorySecretVault()
        var dependencies: ServerDependencies {
            ServerDependencies(health: StubHealth(), repository: repository, vault: vault, passwordCost: 4)
        }

        func connect(_ provider: FakeProviderServer) async throws {
            var owner = try #require(try await repository.users().first)
            owner.selectedAIProvider = "openai"
            owner.selectedAIModel = "gpt-test"
            owner.aiBaseURL = provider.root + "/v1"
            try await repository.updateUser(owner)
            try await vault.saveSecret(
                "sk-test-0123456789abcdefghijklmn", provider: "openai", userID: owner.id, baseURL: provider.root + "/v1")
        }
    }

    /// `(event, data)` pairs of a server-sent event body.
    static func frames(_ body: String) -> [(String, String)] {
        body.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { frame in
            var event = "", data = ""
            for line in frame.split(separator: "\n") {
                if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data += line.dropFirst(6) }
            }
            return (event, data)
        }
    }

    static func conversation(_ page: String) -> String {
        guard let range = page.range(of: #"name="conversation" value=""#) else { return "" }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }

    @Test("The chat needs a session, and its posts need the CSRF token")
    func guarded() async throws {
        let harness = Harness()
        try await Application(router: buildRouter(harness.dependencies)).test(.router) { client in
            var web = WebClient(client: client)
            #expect(try await web.get("/chat").headers[.location] == "/setup")
            try await web.signUp()
            let page = text(try await web.get("/chat").body)
            #expect(page.contains(#"data-testid="chat.input""#) && page.contains(#"data-testid="chat.needsProvider""#))
            #expect(page.contains(#"<input type="hidden" name="_csrf" value=""#))
            let forged = try await web.post("/chat/stream", [("conversation", UUID().uuidString), ("message", "hi")], withCSRF: false)
            #expect(forged.status == .forbidden)
        }
    }

    @Test("Without a provider the stream answers with what to do, and nothing is stored")
    func noProvider() async throws {
        let harness = Harness()
        try await Application(router: buildRouter(harness.dependencies)).test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let page = text(try await web.get("/chat").body)
            let response = try await web.post("/chat/stream", [("conversation", Self.conversation(page)), ("message", "hi")])
            let frames = Self.frames(text(response.body))
            #expect(frames.map(\.0) == ["error"])
            #expect(frames.first?.1.contains("No AI provider is set up yet") == true)
            let owner = try #require(try await harness.repository.users().first)
            #expect(try await harness.repository.messages(userID: owner.id, query: RecordQuery()).isEmpty)
            // Without JavaScript: one notice that links to the setup, and the typed text is still in the box.
            let posted = try await web.post("/chat", [("conversation", Self.conversation(page)), ("message", "I ran 5k today")])
            #expect(posted.status == .unprocessableContent)
            let again = text(posted.body)
            #expect(again.components(separatedBy: #"data-testid="chat.needsProvider""#).count == 2)
            #expect(!again.contains(#"data-testid="chat.error""#) && !again.contains("role=\"alert\""))
            #expect(again.contains(#"href="/settings/provider?setup=1""#))
            #expect(again.contains(#">I ran 5k today</textarea>"#))
        }
    }

    @Test("A reply streams as frames, a tool call logs a workout shown on the home page, and the page keeps the history")
    func streamedReplyWithTool() async throws {
        let harness = Harness()
        try await withProviderServer { provider in
            provider.script(
                "/v1/chat/completions",
                [
                    // Started now, so the home page's "today" holds it even in the half hour after midnight.
                    .init(
                        chunks: OpenAIWire.toolCall(
                            "logWorkout", arguments: #"{"type":"run","durationMinutes":30,"startedAt":"\#(ISO8601.string(from: Date()))"}"#)
                    ),
                    .init(chunks: OpenAIWire.text(["Great ", "run!"])),
                ])
            try await Application(router: buildRouter(harness.dependencies)).test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                try await harness.connect(provider)
                let page = text(try await web.get("/chat").body)
                let conversation = Self.conversation(page)
                let response = try await web.post("/chat/stream", [("conversation", conversation), ("message", "I ran for 30 minutes")])
                #expect(response.headers[.contentType] == "text/event-stream; charset=utf-8")
                let frames = Self.frames(text(response.body))
                #expect(frames.map(\.0) == ["user", "tool_start", "tool", "delta", "delta", "done"])
                #expect(frames[2].1.contains(#""card":"Workout logged: run, 30 min""#))
                #expect(frames[3].1 == #"{"text":"Great "}"#)
                let history = text(try await web.get("/chat?c=\(conversation)").body)
                #expect(history.contains("I ran for 30 minutes") && history.contains("Great run!"))
                // The card keeps its detail after a reload.
                #expect(history.contains("Workout logged: run, 30 min"))
                let home = text(try await web.get("/").body)
                #expect(home.contains("Run, 30 min"))
                // The card links to the workout it logged, on the page and in the frame.
                let owner = try #require(try await harness.repository.users().first)
                let workout = try #require(try await harness.repository.workouts(userID: owner.id, query: RecordQuery()).first)
                #expect(frames[2].1.contains(#""href":"/entries/workout/\#(workout.id.uuidString)""#))
                #expect(history.contains(#"href="/entries/workout/\#(workout.id.uuidString)""#))
                // The second request carried the tool result back in OpenAI's format, with the key only in the header.
                let second = try #require(provider.requests.last)
                #expect(second.body.contains(#""role":"tool""#) && second.body.contains(#""tool_call_id":"call_1""#))
                #expect(second.headers.first { $0.key.lowercased() == "authorization" }?.value == "Bearer sk-test-0123456789abcdefghijklmn")
            }
        }
    }

    @Test("A dropped stream ends with an incomplete frame; the page marks the reply and retry completes it")
    func droppedAndRetried() async throws {
        let harness = Harness()
        try await withProviderServer { provider in
            provider.script(
                "/v1/chat/completions",
                [
                    .init(chunks: [OpenAIWire.chunk(#"{"content":"Half an ans"}"#)], ending: .drop),
                    .init(chunks: OpenAIWire.text(["The whole answer."])),
                ])
            try await Application(router: buildRouter(harness.dependencies)).test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                try await harness.connect(provider)
                let conversation = Self.conversation(text(try await web.get("/chat").body))
                let frames = Self.frames(
                    text(try await web.post("/chat/stream", [("conversation", conversation), ("message", "Plan my week")]).body))
                #expect(frames.map(\.0) == ["user", "delta", "incomplete"])
                #expect(frames.last?.1.contains("reason") == true)
                let page = text(try await web.get("/chat?c=\(conversation)").body)
                #expect(
                    page.contains(#"data-testid="chat.incomplete""#) && page.contains("Half an ans")
                        && page.contains(#"data-testid="chat.retry""#))
                let retried = Self.frames(text(try await web.post("/chat/retry", [("conversation", conversation)]).body))
                #expect(retried.map(\.0) == ["delta", "done"])
                let after = text(try await web.get("/chat?c=\(conversation)").body)
                #expect(after.contains("The whole answer.") && !after.contains(#"data-testid="chat.retry""#))
            }
        }
    }

    @Test("Without JavaScript the form posts, waits for the reply and shows the conversation; a blank message is refused")
    func plainForm() async throws {
        let harness = Harness()
        try await withProviderServer { provider in
            provider.script("/v1/chat/completions", [.init(chunks: OpenAIWire.text(["Hello from your coach."]))])
            try await Application(router: buildRouter(harness.dependencies)).test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                try await harness.connect(provider)
                let conversation = Self.conversation(text(try await web.get("/chat").body))
                let blank = try await web.post("/chat", [("conversation", conversation), ("message", "   ")])
                #expect(blank.status == .unprocessableContent)
                #expect(text(blank.body).contains("Write a message first."))
                let sent = try await web.post("/chat", [("conversation", conversation), ("message", "Hi coach")])
                // Without JavaScript the page opens at the newest message: the redirect carries the anchor it bears.
                #expect(sent.headers[.location] == "/chat?c=\(conversation)#latest")
                let page = text(try await web.get("/chat").body)
                let newest = #"<li class="bubble coach" id="latest" data-testid="chat.message" data-role="coach">"#
                #expect(page.contains(newest + #"<span class="text">Hello from your coach."#))
                #expect(page.components(separatedBy: #"id="latest""#).count == 2)
            }
        }
    }
}
