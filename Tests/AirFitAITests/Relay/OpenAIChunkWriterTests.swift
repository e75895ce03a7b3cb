import AirFitAI
import Testing

@Suite("OpenAI chunk writer")
struct OpenAIChunkWriterTests {
    @Test("text streams as content deltas, the role on the first chunk, then a stop chunk and [DONE]")
    func textOnly() throws {
        let frames = RelayTestSupport.frames([.textDelta("Rest "), .textDelta("day — \"easy\"\n🚶"), .textDelta("")])
        #expect(frames.count == 4)
        #expect(frames.last == "data: [DONE]\n\n")
        #expect(
            frames.first
                == #"data: {"id":"chatcmpl-test42","object":"chat.completion.chunk","created":1730000000,"model":"gpt-test","#
                + #""choices":[{"index":0,"delta":{"role":"assistant","content":"Rest "},"logprobs":null,"finish_reason":null}]}"#
                + "\n\n")
        let chunks = try RelayTestSupport.chunks(frames)
        #expect(chunks[1]["choices", 0, "delta"] == .object([AIJSONMember("content", .string("day — \"easy\"\n🚶"))]))
        #expect(chunks[2]["choices", 0, "delta"] == .object([]))
        #expect(chunks[2]["choices", 0, "finish_reason"] == .string("stop"))
        #expect(chunks.allSatisfy { $0["usage"] == nil })

        let summary = try RelayTestSupport.redecode(frames)
        #expect(summary.text == "Rest day — \"easy\"\n🚶")
        #expect(summary.finishReason == .stop)
        #expect(summary.hasUsage == false)
        #expect(summary.toolCalls.isEmpty)
    }

    @Test("with include_usage every chunk has usage null and a last chunk with no choices reports the tokens")
    func textUsageFinish() throws {
        let frames = RelayTestSupport.frames(
            [.textDelta("Hi"), .usage(inputTokens: 12, outputTokens: nil), .finish(.length), .usage(inputTokens: nil, outputTokens: 5)],
            includeUsage: true)
        let chunks = try RelayTestSupport.chunks(frames)
        #expect(chunks.count == 3)
        #expect(chunks.dropLast().allSatisfy { $0["usage"] == .null })
        #expect(chunks[1]["choices", 0, "finish_reason"] == .string("length"))
        #expect(chunks[2]["choices"] == .array([]))
        #expect(chunks[2]["usage"] == (try AIJSON(parsing: #"{"prompt_tokens":12,"completion_tokens":5,"total_tokens":17}"#)))
        #expect(chunks[2]["id"] == .string("chatcmpl-test42"))

        let summary = try RelayTestSupport.redecode(frames)
        #expect(summary.text == "Hi")
        #expect(summary.finishReason == .length)
        #expect(summary.inputTokens == 12)
        #expect(summary.outputTokens == 5)
    }

    @Test("two fragmented tool calls with provider indexes 3 and 7 come out as indexes 0 and 1 and decode back whole")
    func fragmentedToolCalls() throws {
        let events: [StreamEvent] = [
            .toolCallStart(index: 3, id: "toolu_A", name: "get_weather"),
            .toolCallArgumentsDelta(index: 3, fragment: #"{"ci"#),
            .toolCallStart(index: 7, id: nil, name: "log_workout"),
            .toolCallArgumentsDelta(index: 7, fragment: #"{"minutes""#),
            .toolCallArgumentsDelta(index: 3, fragment: #"ty":"Oslo"}"#),
            .toolCallArgumentsDelta(index: 7, fragment: ":30}"),
            .toolCallComplete(index: 3, id: "toolu_A", name: "get_weather", argumentsJSON: #"{"city":"Oslo"}"#),
            .toolCallComplete(index: 7, id: nil, name: "log_workout", argumentsJSON: #"{"minutes":30}"#),
            .finish(.toolCalls),
        ]
        let frames = RelayTestSupport.frames(events)
        let chunks = try RelayTestSupport.chunks(frames)
        #expect(chunks.count == 7, "two opens, four fragments, one finish; completes add nothing")
        let indexes = chunks.compactMap { $0["choices", 0, "delta", "tool_calls", 0, "index"] }
        #expect(indexes == [0, 0, 1, 1, 0, 1].map(AIJSON.integer))
        #expect(chunks[0]["choices", 0, "delta", "role"] == .string("assistant"))
        #expect(chunks[0]["choices", 0, "delta", "content"] == .null)
        #expect(chunks[0]["choices", 0, "delta", "tool_calls", 0, "type"] == .string("function"))
        #expect(chunks[0]["choices", 0, "delta", "tool_calls", 0, "function", "arguments"] == .string(""))
        #expect(chunks[2]["choices", 0, "delta", "role"] == nil)
        #expect(chunks[2]["choices", 0, "delta", "tool_calls", 0, "id"] == .string("call_test42_1"))

        let summary = try RelayTestSupport.redecode(frames)
        #expect(summary.finishReason == .toolCalls)
        #expect(summary.toolCalls.map(\.index) == [0, 1])
        #expect(summary.toolCalls.map(\.id) == ["toolu_A", "call_test42_1"])
        #expect(summary.toolCalls.map(\.name) == ["get_weather", "log_workout"])
        #expect(summary.toolCalls.map(\.argumentsJSON) == [#"{"city":"Oslo"}"#, #"{"minutes":30}"#])
    }

    @Test("calls a provider delivers whole go out as one chunk with all their arguments")
    func completeOnlyToolCalls() throws {
        let events: [StreamEvent] = [
            .textDelta("Checking."),
            // Gemini and Ollama: a start, then the complete call at once.
            .toolCallStart(index: 0, id: nil, name: "get_weather"),
            .toolCallComplete(index: 0, id: nil, name: "get_weather", argumentsJSON: #"{"city":"Lima","days":[1,2]}"#),
            // A complete call never announced.
            .toolCallComplete(index: 5, id: "c5", name: "get_time", argumentsJSON: "{}"),
            .finish(.stop),
        ]
        let frames = RelayTestSupport.frames(events, id: "chatcmpl-XyZ")
        let chunks = try RelayTestSupport.chunks(frames)
        #expect(chunks.count == 5)
        #expect(
            chunks[3]["choices", 0, "delta", "tool_calls", 0]
                == (try AIJSON(
                    parsing:
                        #"{"index":1,"id":"c5","type":"function","function":{"name":"get_time","arguments":"{}"}}"#)))
        #expect(chunks[4]["choices", 0, "finish_reason"] == .string("tool_calls"), "stop after tool calls reads tool_calls")

        let summary = try RelayTestSupport.redecode(frames)
        #expect(summary.text == "Checking.")
        #expect(summary.toolCalls.map(\.id) == ["call_XyZ_0", "c5"])
        #expect(summary.toolCalls.map(\.name) == ["get_weather", "get_time"])
        #expect(summary.toolCalls.map(\.argumentsJSON) == [#"{"city":"Lima","days":[1,2]}"#, "{}"])
        #expect(summary.finishReason == .toolCalls)
    }

    @Test("without a finish event, end() writes one: tool_calls after tool calls, else stop", arguments: [true, false])
    func synthesisedFinish(withCall: Bool) throws {
        var events: [StreamEvent] = [.textDelta("Hello")]
        if withCall { events.append(.toolCallComplete(index: 0, id: "c1", name: "ping", argumentsJSON: "{}")) }
        let frames = RelayTestSupport.frames(events, includeUsage: true)
        let chunks = try RelayTestSupport.chunks(frames)
        let finishes = chunks.compactMap { $0["choices", 0, "finish_reason"] }.filter { $0 != .null }
        #expect(finishes == [.string(withCall ? "tool_calls" : "stop")])
        #expect(chunks.last?["usage", "total_tokens"] == .integer(0), "no usage reported reads as zero")
        let summary = try RelayTestSupport.redecode(frames)
        #expect(summary.finishReason == (withCall ? .toolCalls : .stop))
        #expect(summary.text == "Hello")
    }

    @Test("a stream with no content still sends the role, a finish and [DONE]")
    func emptyStream() throws {
        let frames = RelayTestSupport.frames([.finish(.stop)])
        let chunks = try RelayTestSupport.chunks(frames)
        #expect(chunks.count == 2)
        #expect(chunks[0]["choices", 0, "delta"] == (try AIJSON(parsing: #"{"role":"assistant","content":""}"#)))
        #expect(chunks[1]["choices", 0, "finish_reason"] == .string("stop"))
        #expect(frames.last == "data: [DONE]\n\n")
    }

    @Test("refusals stream as delta.refusal and end as stop; reasoning is not written")
    func refusalAndReasoning() throws {
        let frames = RelayTestSupport.frames([
            .reasoningDelta("Thinking…"), .refusalDelta("I can't "), .refusalDelta("help with that."), .finish(.refusal),
        ])
        #expect(!frames.joined().contains("Thinking"))
        let chunks = try RelayTestSupport.chunks(frames)
        #expect(chunks[0]["choices", 0, "delta"] == (try AIJSON(parsing: #"{"role":"assistant","refusal":"I can't "}"#)))
        let summary = try RelayTestSupport.redecode(frames)
        #expect(summary.refusal == "I can't help with that.")
        #expect(summary.reasoning.isEmpty)
        #expect(summary.finishReason == .stop)
    }

    @Test("errors write nothing (the caller sends the error frame); a second finish and a second end() write nothing")
    func errorsAndRepeats() {
        var writer = OpenAIChunkWriter(id: "chatcmpl-1", model: "m", created: 1, includeUsage: false)
        #expect(writer.frames(for: .error(code: "overloaded", message: "Overloaded")).isEmpty)
        #expect(writer.frames(for: .finish(.error)).isEmpty)
        #expect(writer.frames(for: .textDelta("a")).count == 1)
        #expect(writer.frames(for: .finish(.stop)).count == 1)
        #expect(writer.frames(for: .finish(.stop)).isEmpty)
        #expect(writer.end() == ["data: [DONE]\n\n"])
        #expect(writer.end().isEmpty)
    }

    @Test(
        "finish reasons map to OpenAI's",
        arguments: [
            (FinishReason.stop, "stop"), (.length, "length"), (.toolCalls, "tool_calls"), (.contentFilter, "content_filter"),
            (.refusal, "stop"),
        ])
    func finishReasons(reason: FinishReason, wire: String) throws {
        let chunks = try RelayTestSupport.chunks(RelayTestSupport.frames([.textDelta("x"), .finish(reason)]))
        #expect(chunks[1]["choices", 0, "finish_reason"] == .string(wire))
    }

    @Test("the id and model are escaped into valid JSON")
    func escapedHeader() throws {
        var writer = OpenAIChunkWriter(id: "chatcmpl-\"x\"", model: "org/model\\v1\n", created: 7, includeUsage: true)
        let frames = writer.frames(for: .textDelta("t")) + writer.end()
        for chunk in try RelayTestSupport.chunks(frames) {
            #expect(chunk["id"] == .string("chatcmpl-\"x\""))
            #expect(chunk["model"] == .string("org/model\\v1\n"))
            #expect(chunk["created"] == .integer(7))
            #expect(chunk["object"] == .string("chat.completion.chunk"))
        }
    }
}
