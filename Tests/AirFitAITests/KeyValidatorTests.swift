import AirFitAI
import AirFitTestSupport
import Testing

@Suite("Key validation, model listing and health")
struct KeyValidatorTests {
    func modelsPath(_ provider: AIProviderID) -> String {
        switch provider {
        case .openai, .custom, .anthropic: "/v1/models"
        case .openrouter: "/api/v1/key"
        case .gemini: "/v1beta/models"
        case .ollama: "/api/tags"
        }
    }

    func modelsBody(_ provider: AIProviderID) -> String {
        switch provider {
        case .openai, .custom, .anthropic: #"{"object":"list","data":[{"id":"m-1"},{"id":"m-2"}]}"#
        case .openrouter: #"{"data":{"label":"sk-or-v1-a...","limit":null}}"#
        case .gemini: #"{"models":[{"name":"models/gemini-2.5-flash"},{"name":"models/gemini-2.5-pro"}]}"#
        case .ollama: #"{"models":[{"name":"llama3.2:latest"},{"name":"qwen2.5:7b"}]}"#
        }
    }

    @Test("A good key is accepted after a live request", arguments: AIProviderID.allCases)
    func accepted(_ provider: AIProviderID) async throws {
        try await withProviderServer { server in
            server.script(modelsPath(provider), [.init(chunks: [modelsBody(provider)], contentType: "application/json")])
            let validator = KeyValidator(client: ClientHarness().client)
            let result = await validator.check(
                WireScripts.key(provider), provider: provider, baseURL: WireScripts.baseURL(provider, root: server.root))
            #expect(result.isOK, "\(result.message)")
            #expect(server.hits(modelsPath(provider)) == 1)
        }
    }

    @Test("A refused key is reported as rejected, without the key", arguments: AIProviderID.allCases)
    func rejected(_ provider: AIProviderID) async throws {
        try await withProviderServer { server in
            let key = WireScripts.key(provider)
            server.script(modelsPath(provider), [.init(status: 401, chunks: [#"{"error":{"message":"invalid key \#(key)"}}"#])])
            let result = await KeyValidator(client: ClientHarness().client).check(
                key, provider: provider, baseURL: WireScripts.baseURL(provider, root: server.root))
            guard case .rejected = result else {
                Issue.record("expected rejected, got \(result)")
                return
            }
            #expect(!result.message.contains(key))
        }
    }

    @Test("A wrong base URL (404) is unreachable, not a rejected key", arguments: AIProviderID.allCases)
    func notFound(_ provider: AIProviderID) async throws {
        try await withProviderServer { server in
            let base = server.root + "/wrong"
            let result = await KeyValidator(client: ClientHarness().client).check(
                WireScripts.key(provider), provider: provider, baseURL: base)
            #expect(result == .unreachable("the provider at \(base) has no models endpoint (HTTP 404) — check the base URL"))
            #expect(result.message.hasPrefix("Could not test the key"))
            #expect(server.requests.count == 1)
        }
    }

    @Test(
        "Only 401, 403 and Gemini's invalid-key 400 reject a key; other statuses leave it untested",
        arguments: [
            (401, #"{"error":{"message":"Incorrect API key"}}"#, true),
            (403, #"{"error":{"message":"Forbidden"}}"#, true),
            (400, #"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT"}}"#, true),
            (400, #"{"error":{"message":"bad request"}}"#, false),
            (402, #"{"error":{"message":"Insufficient credits"}}"#, false),
            (429, #"{"error":{"message":"slow down"}}"#, false),
            (500, #"{"error":{"message":"boom"}}"#, false),
        ])
    func statuses(_ status: Int, _ body: String, _ rejects: Bool) async throws {
        try await withProviderServer { server in
            server.script(modelsPath(.gemini), [.init(status: status, chunks: [body], contentType: "application/json")])
            let result = await KeyValidator(client: ClientHarness().client).check(
                WireScripts.key(.gemini), provider: .gemini, baseURL: server.root)
            switch result {
            case .rejected: #expect(rejects, "\(result.message)")
            case .unreachable: #expect(!rejects, "\(result.message)")
            default: Issue.record("unexpected \(result)")
            }
        }
    }

    @Test("A badly formatted key is refused before anything is sent")
    func badFormat() async throws {
        try await withProviderServer { server in
            let result = await KeyValidator(client: ClientHarness().client).check(
                "pk-123", provider: .openai, baseURL: server.root + "/v1")
            #expect(result == .badFormat("OpenAI keys start with \"sk-\""))
            #expect(server.requests.isEmpty)
        }
    }

    @Test("An unreachable provider is reported as unreachable")
    func unreachable() async throws {
        let server = try await FakeProviderServer.start()
        await server.stop()
        let result = await KeyValidator(client: ClientHarness().client).check(
            WireScripts.key(.openai), provider: .openai, baseURL: server.root + "/v1")
        guard case .unreachable = result else {
            Issue.record("expected unreachable, got \(result)")
            return
        }
    }

    @Test("Live model lists are read per provider; the catalog is the fallback")
    func modelLists() async throws {
        try await withProviderServer { server in
            for provider in [AIProviderID.openai, .gemini, .ollama] {
                server.script(modelsPath(provider), [.init(chunks: [modelsBody(provider)], contentType: "application/json")])
            }
            let client = ClientHarness().client
            let gemini = try await client.listModels(
                provider: .gemini, key: WireScripts.key(.gemini), baseURL: WireScripts.baseURL(.gemini, root: server.root))
            #expect(gemini == ["gemini-2.5-flash", "gemini-2.5-pro"])
            let ollama = try await client.listModels(provider: .ollama, key: nil, baseURL: server.root)
            #expect(ollama == ["llama3.2:latest", "qwen2.5:7b"])
            let fallback = await client.modelsWithFallback(provider: .anthropic, key: "sk-ant-x", baseURL: server.root + "/nowhere")
            #expect(!fallback.live)
            #expect(fallback.models == AIProviderCatalog.info(.anthropic).models.map(\.id))
        }
    }

    @Test("Health reports status and latency")
    func health() async throws {
        try await withProviderServer { server in
            server.script("/api/tags", [.init(chunks: [modelsBody(.ollama)], contentType: "application/json")])
            let client = ClientHarness().client
            let healthy = await client.health(provider: .ollama, key: nil, baseURL: server.root)
            #expect(healthy.status == .healthy)
            #expect(healthy.latency != nil)
            let unconfigured = await client.health(provider: .openai, key: nil)
            #expect(unconfigured.status == .notConfigured)
        }
    }
}
