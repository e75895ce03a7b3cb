import AirFitAI
import Testing

@Suite("OpenAI completion, error and model list bodies")
struct OpenAICompletionBuilderTests {
    @Test("a text answer is a chat.completion with the text, stop and the token counts")
    func textAnswer() throws {
        var builder = OpenAICompletionBuilder(id: "chatcmpl-abc", model: "claude-sonnet-4-5", created: 1_730_000_000)
        for event: StreamEvent in [
            .reasoningDelta("hmm"), .textDelta("Rest "), .textDelta("today."), .usage(inputTokens: 30, outputTokens: nil),
            .usage(inputTokens: nil, outputTokens: 4), .finish(.stop),
        ] {
            builder.add(event)
        }
        let expected =
            #"{"id":"chatcmpl-abc","object":"chat.completion","created":1730000000,"model":"claude-sonnet-4-5","#
            + #""choices":[{"index":0,"message":{"role":"assistant","content":"Rest today.","refusal":null},"logprobs":null,"#
            + #""finish_reason":"stop"}],"usage":{"prompt_tokens":30,"completion_tokens":4,"total_tokens":34}}"#
        #expect(builder.response() == expected)
    }

    @Test("tool calls only: content is null, calls keep order, whole arguments and ids; unknown usage is 0")
    func toolCallsOnly() throws {
        var builder = OpenAICompletionBuilder(id: "chatcmpl-77", model: "m", created: 5)
        for event: StreamEvent in [
            .toolCallStart(index: 4, id: nil, name: "get_weather"),
            .toolCallArgumentsDelta(index: 4, fragment: #"{"city":"#),
            .toolCallStart(index: 2, id: "tc_2", name: "get_time"),
            .toolCallArgumentsDelta(index: 4, fragment: #""Oslo"}"#),
            .toolCallComplete(index: 2, id: "tc_2", name: "get_time", argumentsJSON: ""),
        ] {
            builder.add(event)
        }
        let response = try AIJSON(parsing: builder.response())
        let message = try #require(response["choices", 0, "message"])
        #expect(message["content"] == .null)
        #expect(
            message["tool_calls"]
                == (try AIJSON(
                    parsing:
                        #"[{"id":"call_77_0","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Oslo\"}"}},"#
                        + #"{"id":"tc_2","type":"function","function":{"name":"get_time","arguments":"{}"}}]"#)))
        #expect(response["choices", 0, "finish_reason"] == .string("tool_calls"))
        #expect(response["usage"] == (try AIJSON(parsing: #"{"prompt_tokens":0,"completion_tokens":0,"total_tokens":0}"#)))
    }

    @Test("a refusal is in message.refusal and ends as stop")
    func refusal() throws {
        var builder = OpenAICompletionBuilder(id: "chatcmpl-r", model: "m", created: 5)
        builder.add(.refusalDelta("No."))
        builder.add(.finish(.refusal))
        let response = try AIJSON(parsing: builder.response())
        #expect(response["choices", 0, "message", "refusal"] == .string("No."))
        #expect(response["choices", 0, "message", "content"] == .string(""))
        #expect(response["choices", 0, "finish_reason"] == .string("stop"))
    }

    @Test("the error body is OpenAI's error object, with null param and code when absent")
    func errorBody() throws {
        let body = OpenAIErrorBody.json(
            message: "messages[2].tool_call_id \"call_9\" does not answer any earlier tool call.", type: "invalid_request_error",
            param: "messages[2].tool_call_id", code: nil)
        #expect(
            body
                == #"{"error":{"message":"messages[2].tool_call_id \"call_9\" does not answer any earlier tool call.","#
                + #""type":"invalid_request_error","param":"messages[2].tool_call_id","code":null}}"#)
        let parsed = try AIJSON(parsing: OpenAIErrorBody.json(message: "Over budget", type: "rate_limit_error", param: nil, code: "budget"))
        #expect(parsed["error", "param"] == .null)
        #expect(parsed["error", "code"] == .string("budget"))
    }

    @Test("a mid-stream error frame reads back as a stream error through AirFit's OpenAI decoder")
    func errorFrame() throws {
        var writer = OpenAIChunkWriter(id: "chatcmpl-e", model: "m", created: 1, includeUsage: false)
        let frame = OpenAIErrorBody.streamFrame(
            message: "The provider is overloaded; try again.", type: "api_error", param: nil, code: "overloaded")
        #expect(frame.hasPrefix("data: {\"error\":"))
        #expect(frame.hasSuffix("}\n\n"))
        let summary = try RelayTestSupport.redecode(writer.frames(for: .textDelta("Part")) + [frame])
        #expect(summary.text == "Part")
        #expect(summary.error?.message == "The provider is overloaded; try again.")
        #expect(summary.error?.code == "overloaded")
        #expect(summary.finishReason == .error)
    }

    @Test("the model list names every model in order with owner and time")
    func modelList() throws {
        let body = OpenAIModelList.json(models: ["airfit-coach", "gpt-4o-mini"], ownedBy: "airfit", created: 1_700_000_000)
        #expect(
            body
                == #"{"object":"list","data":[{"id":"airfit-coach","object":"model","created":1700000000,"owned_by":"airfit"},"#
                + #"{"id":"gpt-4o-mini","object":"model","created":1700000000,"owned_by":"airfit"}]}"#)
        #expect(OpenAIModelList.json(models: [], ownedBy: "x", created: 0) == #"{"object":"list","data":[]}"#)
    }
}
