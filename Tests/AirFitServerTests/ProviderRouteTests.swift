import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("AI provider page: configuration")
struct ProviderRouteTests {
    @Test("The page shows the current configuration, a card and a key row per provider, and Save disabled without a key")
    func firstVisit() async throws {
        let harness = ProviderHarness()
        try await harness.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let page = unescaped(try await web.get("/settings/provider"))
            #expect(page.contains("Current configuration"))
            #expect(page.contains(#"data-testid="provider.current.status">Not set up<"#))
            for provider in AIProviderID.allCases {
                #expect(page.contains(#"data-testid="provider.\#(provider.rawValue)""#), "\(provider)")
                #expect(page.contains(#"data-testid="apikey.\#(provider.rawValue).add""#), "\(provider)")
            }
            #expect(page.contains(#"value="openai" checked"#))
            #expect(page.contains("4 models available"))
            #expect(page.contains(#"data-testid="provider.save" disabled"#))
            #expect(page.contains("Add an API key for OpenAI below to save this configuration."))
            #expect(page.contains("Known models. Add a key to see OpenAI's live list."))
            #expect(page.contains("Only for a gateway or proxy in front of OpenAI. Leave it empty for https://api.openai.com/v1."))
            #expect(page.contains("encrypted (AES-256-GCM"))
            #expect(!page.contains("keychain"))
            let keyless = unescaped(try await web.get("/settings/provider?provider=ollama"))
            #expect(keyless.contains(#"value="ollama" checked"#))
            #expect(!keyless.contains(#"data-testid="provider.save" disabled"#))
            #expect(keyless.contains("Where Ollama listens, when not on this machine."))
            #expect(harness.transport.refusedHosts.isEmpty)
        }
    }

    @Test("Save configuration is refused without a key and saves provider, model, limits and base URL with one")
    func saveNeedsKey() async throws {
        try await withProviderServer { fake in
            fake.script("/v1/models", [ModelListWire.accepted])
            let harness = ProviderHarness()
            try await harness.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                try await web.get("/settings/provider")
                let fields = [
                    ("action", "save"), ("provider", "openai"), ("shown", "openai"), ("model", "gpt-fake-large"),
                    ("temperature", "0.4"), ("max_tokens", "900"), ("base_url", fake.baseURL),
                ]
                let refused = try await web.post("/settings/provider", fields)
                #expect(refused.status == .unprocessableContent)
                let page = unescaped(refused)
                #expect(page.contains("Add an API key for OpenAI before saving this configuration."))
                #expect(page.contains(#"value="0.4""#))
                #expect(page.contains(#"value="900""#))
                #expect(try await harness.owner().selectedAIProvider == nil)

                // A key saved for the catalog address is not sent to another one: a new base URL needs the key again.
                try await harness.vault.saveSecret(ModelListWire.acceptedKey, provider: "openai", userID: harness.owner().id)
                let elsewhere = try await web.post("/settings/provider", fields)
                #expect(elsewhere.status == .unprocessableContent)
                #expect(unescaped(elsewhere).contains("A key is only sent to the address it was saved with"))
                #expect(try await harness.owner().selectedAIProvider == nil)
                try await harness.vault.saveSecret(
                    ModelListWire.acceptedKey, provider: "openai", userID: harness.owner().id, baseURL: fake.baseURL)
                let saved = try await web.post("/settings/provider", fields)
                #expect(saved.headers[.location] == "/settings/provider?saved=1")
                let owner = try await harness.owner()
                #expect(owner.selectedAIProvider == "openai")
                #expect(owner.selectedAIModel == "gpt-fake-large")
                #expect(owner.aiTemperature == 0.4)
                #expect(owner.aiMaxTokens == 900)
                #expect(owner.aiBaseURL == fake.baseURL)
                let after = unescaped(try await web.get("/settings/provider?saved=1"))
                #expect(after.contains("Saved. Your coach uses OpenAI with gpt-fake-large."))
                #expect(after.contains(#"data-testid="provider.current.status">Active<"#))
                #expect(after.contains(#"<option value="gpt-fake-large" selected>"#))
                #expect(text(try await web.get("/settings").body).contains("AI provider<span class=\"value\">OpenAI</span>"))
                #expect(harness.transport.refusedHosts.isEmpty)
            }
        }
    }

    @Test(
        "Limits and the base URL are validated with a message, keeping everything typed",
        arguments: [
            ("ollama", "2.5", "", "", "Enter a temperature from 0 to 2, or leave it empty for the default."),
            ("ollama", "warm", "", "", "Enter a temperature from 0 to 2, or leave it empty for the default."),
            ("anthropic", "1.5", "", "", "Enter a temperature from 0 to 1, or leave it empty for the default."),
            ("ollama", "", "0", "", "Enter max tokens as a whole number from 1 to 8192, or leave it empty for the default."),
            ("ollama", "", "12.5", "", "Enter max tokens as a whole number from 1 to 8192, or leave it empty for the default."),
            ("custom", "", "", "ftp://models.local/v1", BaseURLRule.problem),
            ("openai", "", "", "http://user:secret@gateway.local/v1", BaseURLRule.problem),
        ])
    func validation(provider: String, temperature: String, maxTokens: String, baseURL: String, message: String) async throws {
        let harness = ProviderHarness()
        try await harness.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            let owner = try await harness.owner()
            try await harness.vault.saveSecret("sk-ant-0123456789abcdefghij", provider: "anthropic", userID: owner.id)
            try await harness.vault.saveSecret(ModelListWire.acceptedKey, provider: "openai", userID: owner.id)
            try await web.get("/settings/provider")
            let model = AIProviderCatalog.info(AIProviderID(rawValue: provider)!).defaultModel
            let response = try await web.post(
                "/settings/provider",
                [
                    ("action", "save"), ("provider", provider), ("shown", provider), ("model", model), ("temperature", temperature),
                    ("max_tokens", maxTokens), ("base_url", baseURL),
                ])
            #expect(response.status == .unprocessableContent)
            let page = unescaped(response)
            #expect(page.contains(message))
            if !temperature.isEmpty { #expect(page.contains(#"value="\#(temperature)""#)) }
            if !maxTokens.isEmpty { #expect(page.contains(#"value="\#(maxTokens)""#)) }
            if !baseURL.isEmpty { #expect(page.contains(#"value="\#(baseURL)""#)) }
            #expect(try await harness.owner().selectedAIProvider == nil)
        }
    }

    @Test("A custom endpoint needs no key and keeps its base URL")
    func customEndpoint() async throws {
        try await withProviderServer { fake in
            let harness = ProviderHarness()
            try await harness.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                try await web.get("/settings/provider")
                let chosen = unescaped(
                    try await web.post("/settings/provider", [("action", "choose"), ("provider", "custom"), ("shown", "openai")]))
                #expect(chosen.contains("Custom (OpenAI-compatible) settings"))
                #expect(chosen.contains(#"placeholder="http://127.0.0.1:8000/v1""#))
                #expect(chosen.contains("Any model your server offers"))
                let saved = try await web.post(
                    "/settings/provider",
                    [
                        ("action", "save"), ("provider", "custom"), ("shown", "custom"), ("model", "my-model"),
                        ("base_url", fake.baseURL + "/"),
                    ])
                #expect(saved.headers[.location] == "/settings/provider?saved=1")
                let owner = try await harness.owner()
                #expect(owner.selectedAIProvider == "custom")
                #expect(owner.aiBaseURL == fake.baseURL)
                #expect(owner.selectedAIModel == "my-model")
                let page = unescaped(try await web.get("/settings/provider"))
                #expect(page.contains(#"value="\#(fake.baseURL)""#))
                #expect(page.contains(#"name="model" type="text" value="my-model""#))
                #expect(page.contains(#"data-testid="provider.current.status">Active<"#))
                // A GET asks no provider; the page's POST does, at the saved address (no models route: the catalog's empty list stays).
                #expect(fake.hits("/v1/models") == 0)
                _ = try await web.post("/settings/provider", [("action", "choose"), ("provider", "custom"), ("shown", "custom")])
                #expect(fake.hits("/v1/models") >= 1)
            }
        }
    }

    @Test("Choosing another provider shows its models and defaults, keeps typed limits, and saves nothing")
    func chooseProvider() async throws {
        let harness = ProviderHarness()
        try await harness.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/provider")
            let response = try await web.post(
                "/settings/provider",
                [
                    ("action", "choose"), ("provider", "anthropic"), ("shown", "openai"), ("model", "gpt-4o"), ("temperature", "0.5"),
                    ("max_tokens", "700"), ("base_url", "https://gateway.example/openai/v1"),
                ])
            #expect(response.status == .ok)
            let page = unescaped(response)
            #expect(page.contains("Anthropic Claude settings"))
            #expect(page.contains(#"<option value="claude-sonnet-4-5" selected>"#))
            #expect(!page.contains("gpt-4o"))
            #expect(!page.contains("gateway.example"), "the base URL was OpenAI's")
            #expect(page.contains("Temperature (0–1)"))
            #expect(page.contains(#"value="0.5""#))
            #expect(page.contains(#"value="700""#))
            #expect(page.contains(#"value="anthropic" checked"#))
            #expect(try await harness.owner().selectedAIProvider == nil)
            // Without JavaScript, Save straight after picking another card asks to check that provider's settings first.
            let mismatched = try await web.post(
                "/settings/provider", [("action", "save"), ("provider", "ollama"), ("shown", "anthropic"), ("model", "claude-haiku-4-5")])
            #expect(mismatched.status == .unprocessableContent)
            #expect(unescaped(mismatched).contains("Check the settings for Ollama (local), then save."))
            #expect(unescaped(mismatched).contains(#"<option value="llama3.2" selected>"#))
            #expect(try await harness.owner().selectedAIProvider == nil)
            #expect(harness.transport.refusedHosts.isEmpty)
        }
    }

    @Test("The enhancement script is served")
    func script() async throws {
        let harness = ProviderHarness()
        try await harness.app().test(.router) { client in
            let response = try await client.execute(uri: "/provider.js", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(text(response.body).contains("Validating key…"))
        }
    }
}
