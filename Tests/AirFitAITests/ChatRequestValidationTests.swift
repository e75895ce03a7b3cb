import AirFitAI
import Testing

@Suite("Chat request validation")
struct ChatRequestValidationTests {
    func problem(_ request: ChatRequest, _ provider: AIProviderID = .openai) -> String? {
        do {
            try request.validate(for: AIProviderCatalog.info(provider))
            return nil
        } catch {
            return error.errorDescription
        }
    }

    @Test("Temperature must be 0–2, and 0–1 for Anthropic")
    func temperature() {
        #expect(problem(ChatRequest(messages: [.user("hi")], temperature: 2)) == nil)
        #expect(problem(ChatRequest(messages: [.user("hi")], temperature: 2.1))?.contains("0–2") == true)
        #expect(problem(ChatRequest(messages: [.user("hi")], temperature: -0.1)) != nil)
        #expect(problem(ChatRequest(messages: [.user("hi")], temperature: .nan)) != nil)
        #expect(problem(ChatRequest(messages: [.user("hi")], temperature: 1.5), .anthropic)?.contains("0–1") == true)
    }

    @Test("Max tokens must be within the model's catalog limit")
    func maxTokens() {
        #expect(problem(ChatRequest(model: "gpt-4o", messages: [.user("hi")], maxTokens: 16_384)) == nil)
        let message = problem(ChatRequest(model: "gpt-4o", messages: [.user("hi")], maxTokens: 16_385))
        #expect(message == "Invalid configuration: max tokens 16385 is outside 1–16384 for OpenAI gpt-4o")
        #expect(problem(ChatRequest(messages: [.user("hi")], maxTokens: 0)) != nil)
        #expect(problem(ChatRequest(model: "unknown-model", messages: [.user("hi")], maxTokens: 128_000)) == nil)
    }

    @Test("Empty conversations, bad tool names and duplicate tools are rejected")
    func structure() {
        #expect(problem(ChatRequest(messages: [])) != nil)
        let schema = AIJSON.object([])
        let bad = ToolDefinition(name: "get weather", description: "", parameters: schema)
        #expect(problem(ChatRequest(messages: [.user("hi")], tools: [bad]))?.contains("get weather") == true)
        let tool = ToolDefinition(name: "t", description: "", parameters: schema)
        #expect(problem(ChatRequest(messages: [.user("hi")], tools: [tool, tool]))?.contains("twice") == true)
        let notObject = ToolDefinition(name: "t", description: "", parameters: .array([]))
        #expect(problem(ChatRequest(messages: [.user("hi")], tools: [notObject])) != nil)
    }
}

@Suite("Catalog and key formats")
struct CatalogTests {
    @Test("Every provider has a catalog entry with a default model, instructions and limits", arguments: AIProviderID.allCases)
    func entries(_ provider: AIProviderID) {
        let info = AIProviderCatalog.info(provider)
        #expect(info.id == provider)
        #expect(!info.displayName.isEmpty && !info.defaultModel.isEmpty && !info.keyInstructions.isEmpty)
        #expect(info.maxTokens > 0 && !info.baseURL.hasSuffix("/"))
        #expect(info.requiresKey == (info.keyURL != nil))
    }

    @Test(
        "Key format rules",
        arguments: [
            (AIProviderID.openai, "sk-" + String(repeating: "a", count: 18), true),
            (.openai, "sk-" + String(repeating: "a", count: 17), false),
            (.openai, "pk-" + String(repeating: "a", count: 30), false),
            (.anthropic, "sk-ant-api03-" + String(repeating: "a", count: 20), true),
            (.anthropic, "sk-" + String(repeating: "a", count: 30), false),
            (.openrouter, "sk-or-v1-" + String(repeating: "a", count: 20), true),
            (.openrouter, "sk-" + String(repeating: "a", count: 30), false),
            (.gemini, String(repeating: "A", count: 39), true),
            (.gemini, String(repeating: "A", count: 38), false),
            (.ollama, "", true), (.custom, "", true), (.custom, "anything", true),
        ])
    func keyFormats(_ provider: AIProviderID, _ key: String, _ valid: Bool) {
        #expect(APIKeyFormat.isValid(key, for: provider) == valid)
        if let problem = APIKeyFormat.problem(key, for: provider), !key.isEmpty {
            #expect(!problem.contains(key))
        }
    }
}
