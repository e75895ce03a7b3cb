import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("Developer tools page")
struct DebugRouteTests {
    /// An OpenAI stream as a browser posts a pasted one: CRLF line breaks.
    static let openAIStream = [
        #"data: {"id":"c1","choices":[{"index":0,"delta":{"role":"assistant","content":"Hello"}}]}"#, "",
        #"data: {"id":"c1","choices":[{"index":0,"delta":{"content":" there"},"finish_reason":"stop"}]}"#, "",
        #"data: {"id":"c1","choices":[],"usage":{"prompt_tokens":7,"completion_tokens":2}}"#, "",
        "data: [DONE]", "", "",
    ].joined(separator: "\r\n")

    @Test("Without development mode the tools are 404, signed in or not")
    func hiddenInProduction() async throws {
        let harness = ProviderHarness()
        try await harness.app().test(.router) { client in
            var web = WebClient(client: client)
            #expect(try await web.get("/settings/debug").status == .notFound)
            try await web.signUp()
            #expect(try await web.get("/settings/debug").status == .notFound)
            try await web.get("/settings")
            #expect(
                try await web.post("/settings/debug/decode", [("provider", "openai"), ("stream", Self.openAIStream)]).status == .notFound)
            #expect(!text(try await web.get("/settings").body).contains("settings.debug"))
        }
    }

    @Test("In development the tools need sign-in and the CSRF token")
    func developmentGuards() async throws {
        let harness = ProviderHarness(isDevelopment: true)
        try await harness.app().test(.router) { client in
            var web = WebClient(client: client)
            #expect(try await web.get("/settings/debug").headers[.location] == "/setup")
            try await web.signUp()
            #expect(text(try await web.get("/settings").body).contains(#"data-testid="settings.debug""#))
            #expect(try await web.get("/settings/debug").status == .ok)
            let forged = try await web.post(
                "/settings/debug/decode", [("provider", "openai"), ("stream", Self.openAIStream)], withCSRF: false)
            #expect(forged.status == .forbidden)
        }
    }

    @Test("Health is checked for each provider with a key; configuration shows no key")
    func health() async throws {
        try await withProviderServer { fake in
            fake.script("/v1/models", [ModelListWire.accepted])
            let harness = ProviderHarness(isDevelopment: true)
            try await harness.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                let anthropicKey = "sk-ant-unchecked-0123456789abcdef"
                try await harness.choose(.openai, baseURL: fake.baseURL, key: ModelListWire.acceptedKey, model: "gpt-fake-mini")
                try await harness.vault.saveSecret(anthropicKey, provider: "anthropic", userID: harness.owner().id)
                try await harness.vault.saveSecret("owm-0123456789abcdef0123", provider: "openweathermap", userID: harness.owner().id)
                // A GET checks nothing: health checks send stored keys, so only the form's POST runs them.
                let before = unescaped(try await web.get("/settings/debug"))
                #expect(!before.contains("debug.health.openai.status"))
                #expect(fake.hits("/v1/models") == 0)
                let page = unescaped(try await web.post("/settings/debug/health", []))
                #expect(page.contains(#"data-testid="debug.health.openai.status">healthy<"#))
                #expect(page.contains(" ms<"))
                // Anthropic is checked at its real address, which the test transport refuses.
                #expect(page.contains(#"data-testid="debug.health.anthropic.status">unreachable<"#))
                #expect(harness.transport.refusedHosts == ["api.anthropic.com"])
                #expect(!page.contains("debug.health.gemini"))
                #expect(!page.contains("debug.health.openweathermap"))
                #expect(page.contains("sqlite · ok"))
                #expect(page.contains(AirFitVersion.current))
                #expect(page.contains("OpenAI (openai)"))
                #expect(page.contains("gpt-fake-mini"))
                #expect(page.contains("<dd>\(fake.baseURL)</dd>"))
                #expect(page.contains("<dd>openai, anthropic</dd>"))
                for secret in [ModelListWire.acceptedKey, anthropicKey, "0123456789abcdef"] { #expect(!page.contains(secret)) }
            }
        }
    }

    @Test("A key the provider refuses shows as unauthorized with its reason")
    func unauthorized() async throws {
        try await withProviderServer { fake in
            fake.script("/v1/models", [ModelListWire.rejected(echoing: "sk-stale-0123456789abcdefghij")])
            let harness = ProviderHarness(isDevelopment: true)
            try await harness.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                try await harness.choose(.openai, baseURL: fake.baseURL, key: "sk-stale-0123456789abcdefghij")
                try await web.get("/settings/debug")
                let page = unescaped(try await web.post("/settings/debug/health", []))
                #expect(page.contains(#"data-testid="debug.health.openai.status">unauthorized<"#))
                #expect(page.contains("Last error: "))
                #expect(!page.contains("sk-stale-0123456789abcdefghij"))
            }
        }
    }

    @Test(
        "A pasted stream is decoded with the app's decoders into the summary JSON",
        arguments: [
            ("openai", DebugRouteTests.openAIStream, [#""text": "Hello there""#, #""finish_reason": "stop""#, #""input_tokens": 7"#]),
            (
                "ollama",
                #"{"model":"llama3.2","message":{"role":"assistant","content":"Hi"},"done":false}"# + "\r\n"
                    + #"{"model":"llama3.2","message":{"role":"assistant","content":"!"},"done":true,"done_reason":"stop","prompt_eval_count":3,"eval_count":2}"#,
                [#""text": "Hi!""#, #""finish_reason": "stop""#, #""output_tokens": 2"#]
            ),
        ])
    func decode(provider: String, stream: String, expected: [String]) async throws {
        let harness = ProviderHarness(isDevelopment: true)
        try await harness.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/debug")
            let response = try await web.post("/settings/debug/decode", [("provider", provider), ("stream", stream)])
            #expect(response.status == .ok)
            let page = unescaped(response)
            for line in expected { #expect(page.contains(line), "missing \(line)") }
            #expect(page.contains(#"<option value="\#(provider)" selected>"#))
            #expect(page.contains(#"data-testid="debug.decode.result""#))
        }
    }

    @Test("An empty paste asks for a body")
    func emptyPaste() async throws {
        let harness = ProviderHarness(isDevelopment: true)
        try await harness.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/debug")
            let response = try await web.post("/settings/debug/decode", [("provider", "gemini"), ("stream", " \r\n ")])
            #expect(response.status == .unprocessableContent)
            #expect(unescaped(response).contains("Paste a response body to decode."))
            #expect(!unescaped(response).contains("debug.decode.result"))
        }
    }
}
