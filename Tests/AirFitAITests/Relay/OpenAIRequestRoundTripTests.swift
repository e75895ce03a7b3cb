import AirFitAI
import Testing

/// A request decoded by the relay, then built into each provider's wire request with the existing builders.
@Suite("OpenAI request to every provider")
struct OpenAIRequestRoundTripTests {
    static func body(model: String) -> String {
        #"{"model":""# + model + #"","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Weather?"},"#
            + #"{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","#
            + #""function":{"name":"get_weather","arguments":"{\"city\":\"Oslo\"}"}}]},"#
            + #"{"role":"tool","tool_call_id":"call_1","content":"{\"temp_c\":3}"}],"#
            + #""tools":[{"type":"function","function":{"name":"get_weather","description":"Current weather","#
            + #""parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}}],"#
            + #""temperature":0.7,"max_completion_tokens":500,"stream":true}"#
    }

    static func decoded(model: String) throws -> ChatRequest {
        try decodeRelayRequest(body(model: model)).chatRequest
    }

    @Test("the decoded request equals the hand-built one the provider builders are tested with")
    func sameAsSample() throws {
        var expected = SampleChat.request
        expected.model = "gpt-4o-mini"
        #expect(try Self.decoded(model: "gpt-4o-mini") == expected)
    }

    @Test("OpenAI: the wire request carries system, user, assistant tool call, tool result and the tool")
    func openai() throws {
        let http = try AIProviderID.openai.requestBuilder.chatRequest(
            Self.decoded(model: "gpt-4o-mini"), endpoint: ProviderEndpoint(provider: .openai, key: "sk-test-0123456789abcdefghij"))
        let body = try AIJSON(parsing: http.bodyText)
        #expect(body["model"] == .string("gpt-4o-mini"))
        #expect(body["messages", 0] == (try AIJSON(parsing: #"{"role":"system","content":"Be brief."}"#)))
        #expect(body["messages", 1] == (try AIJSON(parsing: #"{"role":"user","content":"Weather?"}"#)))
        #expect(body["messages", 2, "tool_calls", 0, "id"] == .string("call_1"))
        #expect(body["messages", 2, "tool_calls", 0, "function", "arguments"] == .string(#"{"city":"Oslo"}"#))
        #expect(body["messages", 3] == (try AIJSON(parsing: #"{"role":"tool","tool_call_id":"call_1","content":"{\"temp_c\":3}"}"#)))
        #expect(body["tools", 0, "function", "name"] == .string("get_weather"))
        #expect(body["max_completion_tokens"] == .integer(500))
    }

    @Test("Anthropic: the system prompt, a tool_use block, a tool_result block and the tool schema")
    func anthropic() throws {
        let http = try AIProviderID.anthropic.requestBuilder.chatRequest(
            Self.decoded(model: "claude-sonnet-4-5"), endpoint: ProviderEndpoint(provider: .anthropic, key: "sk-ant-api03-abcdefghijkl"))
        let body = try AIJSON(parsing: http.bodyText)
        #expect(body["system"] == .string("Be brief."))
        #expect(body["messages", 0] == (try AIJSON(parsing: #"{"role":"user","content":"Weather?"}"#)))
        #expect(
            body["messages", 1, "content", 0]
                == (try AIJSON(parsing: #"{"type":"tool_use","id":"call_1","name":"get_weather","input":{"city":"Oslo"}}"#)))
        #expect(
            body["messages", 2, "content", 0]
                == (try AIJSON(parsing: #"{"type":"tool_result","tool_use_id":"call_1","content":"{\"temp_c\":3}"}"#)))
        #expect(body["tools", 0, "name"] == .string("get_weather"))
        #expect(body["tools", 0, "input_schema", "required"] == (try AIJSON(parsing: #"["city"]"#)))
        #expect(body["max_tokens"] == .integer(500))
    }

    @Test("every provider builds a wire request from it", arguments: AIProviderID.allCases)
    func everyProvider(_ provider: AIProviderID) throws {
        let info = AIProviderCatalog.info(provider)
        let key: String? =
            switch provider {
            case .gemini: String(repeating: "A", count: 39)
            case .anthropic: "sk-ant-api03-abcdefghijkl"
            case .openrouter: "sk-or-v1-abcdefghijklmnop"
            case .openai: "sk-test-0123456789abcdefghij"
            case .ollama, .custom: nil
            }
        let endpoint =
            provider == .custom
            ? ProviderEndpoint(provider: .custom, baseURL: "http://localhost:9000/v1") : ProviderEndpoint(provider: provider, key: key)
        let http = try provider.requestBuilder.chatRequest(Self.decoded(model: info.defaultModel), endpoint: endpoint)
        #expect(http.bodyText.contains("Weather?"))
        #expect(http.bodyText.contains("get_weather"))
        #expect(http.bodyText.contains("Be brief."))
        #expect(http.bodyText.contains("temp_c"))
    }
}
