import AirFitAI
import Testing

@Suite("Provider stream decoders")
struct ProviderDecoderTests {
    @Test("Each fixture decodes to its expected summary", arguments: Fixture.all)
    func fixtureSummary(_ fixture: Fixture) throws {
        TestSupport.expect(try TestSupport.summary(fixture.provider, fixture.bytes), matches: fixture)
    }

    @Test("OpenAI tool calls stream start, fragments, then complete at the finish reason")
    func openAIToolEventOrder() throws {
        let events = try TestSupport.events(.openai, OpenAIFixtures.parallelTools.body)
        #expect(events.first == .toolCallStart(index: 1, id: "call_A", name: "get_weather"))
        #expect(events.contains(.toolCallArgumentsDelta(index: 2, fragment: #"{"min"#)))
        let completes = events.filter {
            if case .toolCallComplete = $0 { true } else { false }
        }
        #expect(
            completes == [
                .toolCallComplete(index: 1, id: "call_A", name: "get_weather", argumentsJSON: #"{"city": "Oslo"}"#),
                .toolCallComplete(index: 2, id: "call_B", name: "log_workout", argumentsJSON: #"{"minutes": 30}"#),
            ])
        #expect(events.last == .finish(.toolCalls))
    }

    @Test("An OpenAI stream cut before its finish reason still completes open tool calls")
    func openAITruncatedToolCall() throws {
        let body =
            openAIChunk(
                #"{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","function":{"name":"f","arguments":"{\"a\""}}]}}"#
            )
        let summary = try TestSupport.summary(.openai, Array(body.utf8))
        #expect(summary.toolCalls.first?.arguments == .object([AIJSONMember("_raw", .string(#"{"a""#))]))
        #expect(summary.finishReason == nil)
    }

    @Test("Nothing after [DONE] is decoded")
    func openAIDone() throws {
        let body =
            openAIChunk(#"{"index":0,"delta":{"content":"a"}}"#) + "data: [DONE]\n\n"
            + openAIChunk(#"{"index":0,"delta":{"content":"b"}}"#)
        #expect(try TestSupport.events(.openai, body) == [.textDelta("a")])
    }

    @Test("An empty finish_reason from a compatible server is not a finish")
    func emptyFinishReason() throws {
        let events = try TestSupport.events(.custom, OpenAIFixtures.reasoning.body)
        #expect(events.filter { if case .finish = $0 { true } else { false } } == [.finish(.stop)])
    }

    @Test("OpenAI legacy function_call streams as tool call 0")
    func openAILegacyFunctionCall() throws {
        let body =
            openAIChunk(#"{"index":0,"delta":{"function_call":{"name":"f","arguments":"{\"x\":"}}}"#)
            + openAIChunk(#"{"index":0,"delta":{"function_call":{"arguments":"1}"}}}"#)
            + openAIChunk(#"{"index":0,"delta":{},"finish_reason":"function_call"}"#)
        let summary = try TestSupport.summary(.openai, Array(body.utf8))
        #expect(summary.toolCalls.map(\.name) == ["f"])
        #expect(summary.toolCalls.first?.arguments == (try AIJSON(parsing: #"{"x":1}"#)))
        #expect(summary.finishReason == .toolCalls)
    }

    @Test("Anthropic usage: input from message_start, output from the last message_delta")
    func anthropicUsageEvents() throws {
        let events = try TestSupport.events(.anthropic, AnthropicFixtures.thinkingAndTools.body)
        let usage = events.filter {
            if case .usage = $0 { true } else { false }
        }
        #expect(
            usage == [
                .usage(inputTokens: 412, outputTokens: 3), .usage(inputTokens: nil, outputTokens: 40),
                .usage(inputTokens: nil, outputTokens: 88),
            ])
    }

    @Test("Anthropic tool_use left open at the end of the stream is completed by finish()")
    func anthropicOpenToolAtEnd() throws {
        let body =
            AnthropicFixtures.event(
                "content_block_start",
                #"{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"n","input":{}}}"#
            )
            + AnthropicFixtures.event(
                "content_block_delta",
                #"{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"k\":true}"}}"#
            )
        let events = try TestSupport.events(.anthropic, body)
        #expect(events.last == .toolCallComplete(index: 0, id: "t", name: "n", argumentsJSON: #"{"k":true}"#))
    }

    @Test("The factory gives every provider a decoder and the raw values are stable")
    func factory() {
        #expect(
            AIProviderID.allCases.map(\.rawValue) == [
                "openai", "anthropic", "gemini", "openrouter", "ollama", "custom",
            ])
        for provider in AIProviderID.allCases {
            var decoder = provider.makeStreamDecoder()
            #expect(decoder.finish().isEmpty)
        }
    }

    @Test("A stream over the byte limit throws a typed error")
    func streamLimit() {
        var decoder = AIProviderID.openai.makeStreamDecoder(limits: StreamLimits(maxEventBytes: 64, maxStreamBytes: 1 << 20))
        #expect(throws: StreamParseError.eventTooLarge(limit: 64)) {
            _ = try decoder.decode(Array(OpenAIFixtures.text.body.utf8))
        }
        var ollama = AIProviderID.ollama.makeStreamDecoder(limits: StreamLimits(maxEventBytes: 1 << 20, maxStreamBytes: 10))
        #expect(throws: StreamParseError.streamTooLarge(limit: 10)) {
            _ = try ollama.decode(Array(OllamaFixtures.text.body.utf8))
        }
    }
}
