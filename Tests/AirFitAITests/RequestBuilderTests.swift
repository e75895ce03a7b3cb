import AirFitAI
import Testing

/// A conversation with one full tool round trip, shared by the request tests.
enum SampleChat {
    static let schema = #"{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}"#

    static var request: ChatRequest {
        ChatRequest(
            systemPrompt: "Be brief.",
            messages: [
                .user("Weather?"),
                .assistant(text: "", toolCalls: [ToolCall(id: "call_1", name: "get_weather", argumentsJSON: #"{"city":"Oslo"}"#)]),
                .toolResult(callID: "call_1", name: "get_weather", content: #"{"temp_c":3}"#),
            ],
            tools: [ToolDefinition(name: "get_weather", description: "Current weather", parameters: try! AIJSON(parsing: schema))],
            temperature: 0.7, maxTokens: 500)
    }
}

@Suite("Provider request builders")
struct RequestBuilderTests {
    let schema = SampleChat.schema

    @Test("OpenAI: chat completions with tool calls, tool messages and max_completion_tokens")
    func openai() throws {
        let http = try AIProviderID.openai.requestBuilder.chatRequest(
            SampleChat.request, endpoint: ProviderEndpoint(provider: .openai, key: "sk-test-0123456789abcdefghij"))
        #expect(http.url == "https://api.openai.com/v1/chat/completions")
        #expect(http.header("authorization") == "Bearer sk-test-0123456789abcdefghij")
        #expect(http.header("content-type") == "application/json")
        #expect(
            http.bodyText
                == #"{"model":"gpt-4o-mini","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Weather?"},"#
                + #"{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Oslo\"}"}}]},"#
                + #"{"role":"tool","tool_call_id":"call_1","content":"{\"temp_c\":3}"}],"#
                + #""tools":[{"type":"function","function":{"name":"get_weather","description":"Current weather","parameters":"# + schema
                + "}}],"
                + #""temperature":0.7,"max_completion_tokens":500,"stream":true,"stream_options":{"include_usage":true}}"#)
    }

    @Test("OpenRouter and custom: OpenAI format with max_tokens; custom key optional")
    func openAICompatible() throws {
        let router = try AIProviderID.openrouter.requestBuilder.chatRequest(
            SampleChat.request, endpoint: ProviderEndpoint(provider: .openrouter, key: "sk-or-v1-abcdefghijklmnop"))
        #expect(router.url == "https://openrouter.ai/api/v1/chat/completions")
        #expect(router.header("x-title") == "AirFit")
        #expect(router.bodyText.hasPrefix(#"{"model":"openai/gpt-4o-mini","#))
        #expect(router.bodyText.contains(#""max_tokens":500"#))
        let custom = try AIProviderID.custom.requestBuilder.chatRequest(
            SampleChat.request, endpoint: ProviderEndpoint(provider: .custom, baseURL: "http://localhost:9000/v1/"))
        #expect(custom.url == "http://localhost:9000/v1/chat/completions")
        #expect(custom.header("authorization") == nil)
        #expect(custom.bodyText.contains(#""max_tokens":500"#))
    }

    @Test("Anthropic: x-api-key, version header, tool_use and tool_result blocks")
    func anthropic() throws {
        let http = try AIProviderID.anthropic.requestBuilder.chatRequest(
            SampleChat.request, endpoint: ProviderEndpoint(provider: .anthropic, key: "sk-ant-api03-abcdefghijkl"))
        #expect(http.url == "https://api.anthropic.com/v1/messages")
        #expect(http.header("x-api-key") == "sk-ant-api03-abcdefghijkl")
        #expect(http.header("anthropic-version") == "2023-06-01")
        #expect(http.header("authorization") == nil)
        #expect(
            http.bodyText
                == #"{"model":"claude-sonnet-4-5","max_tokens":500,"system":"Be brief.","messages":[{"role":"user","content":"Weather?"},"#
                + #"{"role":"assistant","content":[{"type":"tool_use","id":"call_1","name":"get_weather","input":{"city":"Oslo"}}]},"#
                + #"{"role":"user","content":[{"type":"tool_result","tool_use_id":"call_1","content":"{\"temp_c\":3}"}]}],"#
                + #""tools":[{"name":"get_weather","description":"Current weather","input_schema":"# + schema + "}],"
                + #""temperature":0.7,"stream":true}"#)
    }

    @Test("Gemini: streamGenerateContent?alt=sse, header key, functionCall and functionResponse parts")
    func gemini() throws {
        let key = String(repeating: "A", count: 39)
        let http = try AIProviderID.gemini.requestBuilder.chatRequest(
            SampleChat.request, endpoint: ProviderEndpoint(provider: .gemini, key: key))
        #expect(
            http.url == "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse")
        #expect(http.header("x-goog-api-key") == key)
        #expect(!http.url.contains(key))
        #expect(
            http.bodyText
                == #"{"systemInstruction":{"parts":[{"text":"Be brief."}]},"contents":[{"role":"user","parts":[{"text":"Weather?"}]},"#
                + #"{"role":"model","parts":[{"functionCall":{"name":"get_weather","args":{"city":"Oslo"}}}]},"#
                + #"{"role":"user","parts":[{"functionResponse":{"name":"get_weather","response":{"temp_c":3}}}]}],"#
                + #""tools":[{"functionDeclarations":[{"name":"get_weather","description":"Current weather","parameters":"# + schema
                + "}]}],"
                + #""generationConfig":{"temperature":0.7,"maxOutputTokens":500}}"#)
    }

    @Test("Ollama: native /api/chat with object arguments, tool_name and options, no key")
    func ollama() throws {
        let http = try AIProviderID.ollama.requestBuilder.chatRequest(SampleChat.request, endpoint: ProviderEndpoint(provider: .ollama))
        #expect(http.url == "http://127.0.0.1:11434/api/chat")
        #expect(http.header("authorization") == nil)
        #expect(
            http.bodyText
                == #"{"model":"llama3.2","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Weather?"},"#
                + #"{"role":"assistant","content":"","tool_calls":[{"function":{"name":"get_weather","arguments":{"city":"Oslo"}}}]},"#
                + #"{"role":"tool","content":"{\"temp_c\":3}","tool_name":"get_weather"}],"#
                + #""tools":[{"type":"function","function":{"name":"get_weather","description":"Current weather","parameters":"# + schema
                + "}}],"
                + #""options":{"temperature":0.7,"num_predict":500},"stream":true}"#)
    }

    @Test("Every built body is valid JSON", arguments: AIProviderID.allCases)
    func validJSON(_ provider: AIProviderID) throws {
        let endpoint = ProviderEndpoint(provider: provider, key: "sk-ant-or-" + String(repeating: "k", count: 40))
        let http = try provider.requestBuilder.chatRequest(SampleChat.request, endpoint: endpoint)
        _ = try AIJSON(parsing: http.body)
        #expect(http.method == "POST")
    }

    @Test("A missing key is reported before anything is sent", arguments: [AIProviderID.openai, .anthropic, .gemini, .openrouter])
    func missingKey(_ provider: AIProviderID) {
        #expect(throws: ServiceError.self) {
            try provider.requestBuilder.chatRequest(SampleChat.request, endpoint: ProviderEndpoint(provider: provider))
        }
    }
}
