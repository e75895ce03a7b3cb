import AirFitAI
import Testing

/// Decodes a request body written as text.
func decodeRelayRequest(_ body: String) throws(OpenAIRelayError) -> OpenAIChatCompletionRequest {
    try OpenAIChatCompletionRequest.decode(Array(body.utf8))
}

@Suite("OpenAI request decoding")
struct OpenAIRequestDecodingTests {
    @Test("a minimal request gives the model and one user message, not streamed, with no usage chunk")
    func minimal() throws {
        let request = try decodeRelayRequest(#"{"model":"gpt-4o-mini","messages":[{"role":"user","content":"Hi"}]}"#)
        #expect(request.model == "gpt-4o-mini")
        #expect(request.stream == false)
        #expect(request.includeUsage == false)
        #expect(request.chatRequest == ChatRequest(model: "gpt-4o-mini", messages: [.user("Hi")]))
    }

    @Test("stream, stream_options.include_usage, temperature and max_tokens reach the request")
    func options() throws {
        let request = try decodeRelayRequest(
            #"{"model":"m","messages":[{"role":"user","content":"Hi"}],"stream":true,"stream_options":{"include_usage":true},"#
                + #""temperature":0.25,"max_tokens":300}"#)
        #expect(request.stream)
        #expect(request.includeUsage)
        #expect(request.chatRequest.temperature == 0.25)
        #expect(request.chatRequest.maxTokens == 300)
    }

    @Test("max_completion_tokens wins over max_tokens, whichever comes first")
    func maxCompletionTokensWins() throws {
        let first = try decodeRelayRequest(
            #"{"model":"m","messages":[{"role":"user","content":"Hi"}],"max_completion_tokens":77,"max_tokens":500}"#)
        let second = try decodeRelayRequest(
            #"{"model":"m","messages":[{"role":"user","content":"Hi"}],"max_tokens":500,"max_completion_tokens":78}"#)
        #expect(first.chatRequest.maxTokens == 77)
        #expect(second.chatRequest.maxTokens == 78)
    }

    @Test("the edges of the ranges are accepted: temperature 0 and 2, max_tokens 1 and 1,000,000, 1e2 as an integer")
    func rangeEdges() throws {
        let low = try decodeRelayRequest(#"{"model":"m","messages":[{"role":"user","content":"x"}],"temperature":0,"max_tokens":1}"#)
        let high = try decodeRelayRequest(
            #"{"model":"m","messages":[{"role":"user","content":"x"}],"temperature":2,"max_completion_tokens":1000000}"#)
        let exponent = try decodeRelayRequest(#"{"model":"m","messages":[{"role":"user","content":"x"}],"max_tokens":1e2}"#)
        #expect(low.chatRequest.temperature == 0)
        #expect(low.chatRequest.maxTokens == 1)
        #expect(high.chatRequest.temperature == 2)
        #expect(high.chatRequest.maxTokens == 1_000_000)
        #expect(exponent.chatRequest.maxTokens == 100)
    }

    @Test("fields AirFit ignores are accepted, and so are unknown fields and nulls")
    func ignoredFields() throws {
        let request = try decodeRelayRequest(
            #"{"model":"m","messages":[{"role":"user","content":"Hi","name":"ann"}],"user":"u1","top_p":0.9,"stop":["\n"],"#
                + #""seed":7,"presence_penalty":0.5,"frequency_penalty":-0.5,"parallel_tool_calls":false,"metadata":{"a":"b"},"#
                + #""store":false,"response_format":{"type":"text"},"n":1,"logprobs":false,"temperature":null,"max_tokens":null,"#
                + #""tool_choice":null,"stream":null,"some_new_field":{"x":[1,2,3]}}"#)
        #expect(request.chatRequest == ChatRequest(model: "m", messages: [.user("Hi")]))
        #expect(request.stream == false)
    }

    @Test("system and developer messages join, in order and a blank line apart, into the system prompt; empty ones are skipped")
    func systemPrompt() throws {
        let request = try decodeRelayRequest(
            #"{"model":"m","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Hi"},"#
                + #"{"role":"developer","content":[{"type":"text","text":"Use metric units."}]},{"role":"system","content":""},"#
                + #"{"role":"system","content":"Be kind."}]}"#
        )
        #expect(request.chatRequest.systemPrompt == "Be brief.\n\nUse metric units.\n\nBe kind.")
        #expect(request.chatRequest.messages == [.user("Hi")])
    }

    @Test("content given as text parts is joined by newlines")
    func contentParts() throws {
        let request = try decodeRelayRequest(
            #"{"model":"m","messages":[{"role":"user","content":[{"type":"text","text":"First"},{"type":"text","text":"Second"}]},"#
                + #"{"role":"assistant","content":[{"type":"text","text":"Answer"}]}]}"#)
        #expect(request.chatRequest.messages == [.user("First\nSecond"), .assistant(text: "Answer")])
    }

    @Test("an assistant tool call and the tool's answer become a tool call and a tool result carrying the tool's name")
    func toolRoundTrip() throws {
        let request = try decodeRelayRequest(
            #"{"model":"m","messages":[{"role":"user","content":"Weather?"},"#
                + #"{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","#
                + #""function":{"name":"get_weather","arguments":"{\"city\":\"Oslo\"}"}},"#
                + #"{"id":"call_2","type":"function","function":{"name":"get_time","arguments":"{}"}}]},"#
                + #"{"role":"tool","tool_call_id":"call_2","content":"12:00"},"#
                + #"{"role":"tool","tool_call_id":"call_1","content":[{"type":"text","text":"3 C"}]}]}"#)
        #expect(
            request.chatRequest.messages == [
                .user("Weather?"),
                .assistant(
                    text: "",
                    toolCalls: [
                        ToolCall(id: "call_1", name: "get_weather", argumentsJSON: #"{"city":"Oslo"}"#),
                        ToolCall(id: "call_2", name: "get_time", argumentsJSON: "{}"),
                    ]),
                .toolResult(callID: "call_2", name: "get_time", content: "12:00"),
                .toolResult(callID: "call_1", name: "get_weather", content: "3 C"),
            ])
    }

    @Test("an assistant message with text and tool calls keeps both")
    func assistantTextAndCalls() throws {
        let request = try decodeRelayRequest(
            #"{"model":"m","messages":[{"role":"user","content":"Log it"},{"role":"assistant","content":"Logging.","#
                + #""tool_calls":[{"id":"c9","function":{"name":"log","arguments":"{\"reps\":5}"}}]}]}"#)
        #expect(
            request.chatRequest.messages.last
                == .assistant(text: "Logging.", toolCalls: [ToolCall(id: "c9", name: "log", argumentsJSON: #"{"reps":5}"#)]))
    }

    @Test("function tools keep name, description and parameters; missing parameters become an empty object schema")
    func tools() throws {
        let request = try decodeRelayRequest(
            #"{"model":"m","messages":[{"role":"user","content":"Hi"}],"tools":["#
                + #"{"type":"function","function":{"name":"get_weather","description":"Current weather","#
                + #""parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]},"strict":true}},"#
                + #"{"type":"function","function":{"name":"ping"}}],"tool_choice":"auto"}"#)
        let schema = try AIJSON(parsing: #"{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}"#)
        #expect(
            request.chatRequest.tools == [
                ToolDefinition(name: "get_weather", description: "Current weather", parameters: schema),
                ToolDefinition(name: "ping", description: "", parameters: try AIJSON(parsing: #"{"type":"object","properties":{}}"#)),
            ])
    }

    @Test(
        "tool_choice: auto, required and a named function keep the tools; none drops them",
        arguments: [
            (#""auto""#, 1), (#""required""#, 1), (#"{"type":"function","function":{"name":"ping"}}"#, 1), (#""none""#, 0),
        ])
    func toolChoice(choice: String, toolCount: Int) throws {
        let request = try decodeRelayRequest(
            #"{"model":"m","messages":[{"role":"user","content":"Hi"}],"tools":[{"type":"function","function":{"name":"ping"}}],"#
                + #""tool_choice":"# + choice + "}")
        #expect(request.chatRequest.tools.count == toolCount)
    }

    @Test("the decoded request passes the provider checks it will meet next")
    func validatesForProviders() throws {
        let request = try decodeRelayRequest(
            #"{"model":"gpt-4o-mini","messages":[{"role":"user","content":"Hi"}],"temperature":1,"max_tokens":100,"#
                + #""tools":[{"type":"function","function":{"name":"ping"}}]}"#)
        try request.chatRequest.validate(for: AIProviderCatalog.info(.openai))
    }
}
