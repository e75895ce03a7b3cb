import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AirFitServer

@Suite("AI provider page: API keys")
struct ProviderKeyRouteTests {
    static let wrongKey = "sk-wrong-0123456789abcdefXYZW"

    @Test("Every provider route needs sign-in")
    func signInRequired() async throws {
        let harness = ProviderHarness()
        try await harness.app().test(.router) { client in
            var web = WebClient(client: client)
            let paths = ["/settings/provider", "/settings/provider/keys/openai", "/settings/provider/keys/openai/remove"]
            for path in paths {
                let response = try await web.get(path)
                #expect(response.status == .seeOther, "\(path)")
                #expect(response.headers[.location] == "/setup", "\(path)")
            }
            for path in paths {
                let response = try await web.post(path, [("key", ModelListWire.acceptedKey), ("action", "save")])
                #expect(response.status == .seeOther, "\(path)")
            }
            #expect(try await harness.store.users().isEmpty)
            #expect(harness.transport.refusedHosts.isEmpty)
        }
    }

    @Test("Every provider form is refused without the CSRF token")
    func csrfEnforced() async throws {
        try await withProviderServer { fake in
            fake.script("/v1/models", [ModelListWire.accepted])
            let harness = ProviderHarness()
            try await harness.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                try await web.get("/settings/provider")
                let owner = try await harness.owner()
                try await harness.vault.saveSecret("sk-ant-0123456789abcdefghij", provider: "anthropic", userID: owner.id)
                let key = try await web.post(
                    "/settings/provider/keys/openai", [("key", ModelListWire.acceptedKey), ("base_url", fake.baseURL)], withCSRF: false)
                #expect(key.status == .forbidden)
                let save = try await web.post(
                    "/settings/provider", [("action", "save"), ("provider", "ollama"), ("shown", "ollama"), ("model", "llama3.2")],
                    withCSRF: false)
                #expect(save.status == .forbidden)
                let remove = try await web.post("/settings/provider/keys/anthropic/remove", [], withCSRF: false)
                #expect(remove.status == .forbidden)
                #expect(try await harness.storedProviders() == ["anthropic"])
                #expect(try await harness.owner().selectedAIProvider == nil)
                #expect(fake.requests.isEmpty)
            }
        }
    }

    @Test("A key with the wrong format is refused with a message; nothing is stored or sent, the base URL stays")
    func badFormat() async throws {
        try await withProviderServer { fake in
            fake.script("/v1/models", [ModelListWire.accepted])
            let harness = ProviderHarness()
            try await harness.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                let form = unescaped(try await web.get("/settings/provider/keys/openai"))
                #expect(form.contains(#"data-testid="apikey.input""#))
                #expect(form.contains(#"data-testid="apikey.baseURL""#))
                #expect(form.contains("https://platform.openai.com/api-keys"))
                #expect(form.contains("starts with sk-"))
                let typed = "pk-live-not-an-openai-key-123"
                let response = try await web.post("/settings/provider/keys/openai", [("key", typed), ("base_url", fake.baseURL)])
                #expect(response.status == .unprocessableContent)
                let page = unescaped(response)
                #expect(page.contains(#"Key has the wrong format: OpenAI keys start with "sk-". Check that you copied the whole key."#))
                #expect(page.contains(#"role="alert""#))
                #expect(!page.contains(typed))
                #expect(page.contains(#"value="\#(fake.baseURL)""#))
                #expect(!page.contains("apikey.skipTest"))
                #expect(try await harness.storedProviders().isEmpty)
                #expect(fake.requests.isEmpty)
            }
        }
    }

    @Test("A base URL that cannot be used is refused before the key is tested")
    func badBaseURL() async throws {
        let harness = ProviderHarness()
        try await harness.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/provider/keys/custom")
            let response = try await web.post(
                "/settings/provider/keys/custom", [("key", "local-secret"), ("base_url", "http://admin:pw@10.0.0.9/v1")])
            #expect(response.status == .unprocessableContent)
            #expect(unescaped(response).contains(BaseURLRule.problem))
            #expect(!unescaped(response).contains("local-secret"))
            #expect(try await harness.storedProviders().isEmpty)
            #expect(harness.transport.refusedHosts.isEmpty)
        }
    }

    @Test("A valid first key is tested live, saved, chooses its provider with the base URL, and unlocks the live models")
    func validKeySaved() async throws {
        try await withProviderServer { fake in
            fake.script("/v1/models", [ModelListWire.accepted])
            let harness = ProviderHarness()
            try await harness.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                try await web.get("/settings/provider/keys/openai")
                let response = try await web.post(
                    "/settings/provider/keys/openai", [("key", "  \(ModelListWire.acceptedKey)\n"), ("base_url", fake.baseURL + "/")])
                #expect(response.status == .seeOther)
                let location = try #require(response.headers[.location])
                #expect(location == "/settings/provider?provider=openai&added=openai")
                #expect(fake.modelListAuthorizations == ["Bearer \(ModelListWire.acceptedKey)"])
                let owner = try await harness.owner()
                #expect(try await harness.vault.secret(provider: "openai", userID: owner.id) == ModelListWire.acceptedKey)
                #expect(owner.selectedAIProvider == "openai")
                #expect(owner.aiBaseURL == fake.baseURL)
                let shown = unescaped(try await web.get(location))
                #expect(shown.contains("Saved the OpenAI key (sk-…abcd). Your coach uses OpenAI."))
                #expect(!shown.contains(ModelListWire.acceptedKey))
                #expect(shown.contains(#"data-testid="provider.current.status">Active<"#))
                #expect(shown.contains(#"data-testid="apikey.openai.remove""#))
                #expect(shown.contains("Key saved"))
                // The GET asked nobody; the page's POST asks the key's own address for the live list.
                #expect(fake.modelListAuthorizations.count == 1)
                let page = unescaped(
                    try await web.post("/settings/provider", [("action", "choose"), ("provider", "openai"), ("shown", "openai")]))
                #expect(page.contains("Live list from OpenAI."))
                for model in ModelListWire.models { #expect(page.contains(#"<option value="\#(model)""#)) }
                // The catalog default is not on this provider's list, so its first live model is offered instead.
                #expect(page.contains(#"<option value="gpt-fake-mini" selected>"#))
                #expect(!page.contains(#"value="gpt-4o-mini""#))
                #expect(!page.contains(#"data-testid="provider.save" disabled"#))
                #expect(harness.transport.refusedHosts.isEmpty)
            }
        }
    }

    @Test("A key for a provider that is not the person's waits for Save configuration, its base URL carried along")
    func keyForAnotherProvider() async throws {
        try await withProviderServer { fake in
            fake.script("/v1/models", [ModelListWire.accepted])
            let harness = ProviderHarness()
            try await harness.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                try await harness.choose(.ollama, baseURL: nil, key: nil)
                try await web.get("/settings/provider/keys/custom")
                let response = try await web.post("/settings/provider/keys/custom", [("key", "local-secret"), ("base_url", fake.baseURL)])
                let location = try #require(response.headers[.location])
                #expect(location == "/settings/provider?provider=custom&added=custom")
                let stored = try await harness.vault.credential(provider: "custom", userID: harness.owner().id)
                #expect(stored?.baseURL == fake.baseURL, "the base URL is saved with the key")
                #expect(try await harness.owner().selectedAIProvider == "ollama")
                #expect(try await harness.owner().aiBaseURL == nil)
                let page = unescaped(try await web.get(location))
                #expect(page.contains("Choose Save configuration to use Custom (OpenAI-compatible)."))
                #expect(page.contains(#"name="base_url" type="url" value="\#(fake.baseURL)""#))
                #expect(page.contains(#"value="custom" checked"#))
            }
        }
    }

    @Test("A key the provider refuses is not saved, and the provider's echo of it never reaches the page")
    func rejectedKey() async throws {
        try await withProviderServer { fake in
            fake.script("/v1/models", [ModelListWire.rejected(echoing: Self.wrongKey)])
            let harness = ProviderHarness()
            try await harness.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                try await web.get("/settings/provider/keys/openai")
                let response = try await web.post("/settings/provider/keys/openai", [("key", Self.wrongKey), ("base_url", fake.baseURL)])
                #expect(response.status == .unprocessableContent)
                let page = unescaped(response)
                #expect(page.contains("Key rejected"))
                #expect(page.contains("Check the key, or create a new one."))
                #expect(!page.contains(Self.wrongKey))
                #expect(!page.contains("abcdefXYZW"))
                #expect(fake.modelListAuthorizations == ["Bearer \(Self.wrongKey)"])
                #expect(try await harness.storedProviders().isEmpty)
                #expect(try await harness.owner().selectedAIProvider == nil)
            }
        }
    }

    @Test("An unreachable provider is reported, and the key can then be saved without testing")
    func unreachable() async throws {
        let closed = try await withProviderServer { $0.baseURL }
        let harness = ProviderHarness()
        try await harness.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            try await web.get("/settings/provider/keys/openai")
            let response = try await web.post("/settings/provider/keys/openai", [("key", ModelListWire.acceptedKey), ("base_url", closed)])
            #expect(response.status == .unprocessableContent)
            let page = unescaped(response)
            #expect(page.contains("Could not test the key"))
            #expect(page.contains("Check the base URL and try again, or save the key without testing."))
            #expect(page.contains(#"data-testid="apikey.skipTest""#))
            #expect(!page.contains(ModelListWire.acceptedKey))
            #expect(try await harness.storedProviders().isEmpty)
            let saved = try await web.post(
                "/settings/provider/keys/openai", [("key", ModelListWire.acceptedKey), ("base_url", closed), ("skip_test", "on")])
            #expect(saved.status == .seeOther)
            #expect(try await harness.storedProviders() == ["openai"])
        }
    }

    @Test("Removing the active provider's key switches to another provider with a key")
    func removeSwitches() async throws {
        try await withProviderServer { fake in
            fake.script("/v1/models", [ModelListWire.accepted])
            let harness = ProviderHarness()
            try await harness.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                try await harness.choose(.openai, baseURL: fake.baseURL, key: ModelListWire.acceptedKey, model: "gpt-fake-mini")
                try await harness.vault.saveSecret("sk-ant-0123456789abcdefghij", provider: "anthropic", userID: harness.owner().id)
                try await web.get("/settings/provider")
                try await web.post(
                    "/settings/provider",
                    [
                        ("action", "save"), ("provider", "openai"), ("shown", "openai"), ("model", "gpt-fake-mini"), ("temperature", "1.8"),
                        ("base_url", fake.baseURL),
                    ])
                #expect(try await harness.owner().aiTemperature == 1.8)

                let confirm = unescaped(try await web.get("/settings/provider/keys/openai/remove"))
                #expect(confirm.contains("Remove the OpenAI key?"))
                #expect(confirm.contains("AirFit switches to another provider with a key"))
                let removed = try await web.post("/settings/provider/keys/openai/remove", [])
                #expect(removed.headers[.location] == "/settings/provider?removed=openai&switched=anthropic")
                #expect(try await harness.storedProviders() == ["anthropic"])
                let owner = try await harness.owner()
                #expect(owner.selectedAIProvider == "anthropic")
                #expect(owner.selectedAIModel == "claude-sonnet-4-5")
                #expect(owner.aiBaseURL == nil, "the base URL was OpenAI's address")
                #expect(owner.aiTemperature == nil, "1.8 is above Anthropic's limit of 1")
                let page = unescaped(try await web.get("/settings/provider?removed=openai&switched=anthropic"))
                #expect(page.contains("Removed the OpenAI key. Your coach now uses Anthropic Claude with claude-sonnet-4-5."))
                #expect(page.contains(#"data-testid="provider.current.status">Active<"#))
                #expect(page.contains(#"data-testid="apikey.openai.add""#))
                // A GET asks no provider for its models (the stored key would go with the request).
                #expect(harness.transport.refusedHosts.isEmpty)
            }
        }
    }

    @Test("Removing the only key leaves the provider chosen, marked No API key, on the page and the hub")
    func removeLastKey() async throws {
        try await withProviderServer { fake in
            fake.script("/v1/models", [ModelListWire.accepted])
            let harness = ProviderHarness()
            try await harness.app().test(.router) { client in
                var web = WebClient(client: client)
                try await web.signUp()
                try await harness.choose(.openai, baseURL: fake.baseURL, key: ModelListWire.acceptedKey)
                try await web.get("/settings/provider")
                let removed = try await web.post("/settings/provider/keys/openai/remove", [])
                #expect(removed.headers[.location] == "/settings/provider?removed=openai")
                #expect(try await harness.owner().selectedAIProvider == "openai")
                let page = unescaped(try await web.get("/settings/provider?removed=openai"))
                #expect(page.contains("Removed the OpenAI key. Add a key or choose another provider so your coach can answer."))
                #expect(page.contains(#"data-testid="provider.current.status">No API key<"#))
                #expect(page.contains(#"data-testid="provider.save" disabled"#))
                #expect(text(try await web.get("/settings").body).contains("OpenAI · No API key"))
                // Nothing left to remove: the confirmation page sends the person back.
                #expect(try await web.get("/settings/provider/keys/openai/remove").headers[.location] == "/settings/provider")
            }
        }
    }

    @Test("Unknown providers are 404")
    func unknownProvider() async throws {
        let harness = ProviderHarness()
        try await harness.app().test(.router) { client in
            var web = WebClient(client: client)
            try await web.signUp()
            #expect(try await web.get("/settings/provider/keys/mistral").status == .notFound)
            try await web.get("/settings/provider")
            #expect(try await web.post("/settings/provider/keys/mistral", [("key", "sk-0123456789abcdefghijkl")]).status == .notFound)
            #expect(try await harness.storedProviders().isEmpty)
        }
    }
}
