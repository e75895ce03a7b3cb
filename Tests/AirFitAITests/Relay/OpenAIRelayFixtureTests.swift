import AirFitAI
import Testing

/// Every provider's recorded stream, relayed as OpenAI chunks and read back with AirFit's OpenAI decoder.
@Suite("OpenAI relay of every provider's stream")
struct OpenAIRelayFixtureTests {
    static let relayable = Fixture.all.filter { $0.error == nil && $0.finish != .error }

    /// What an OpenAI client should see as the finish reason.
    static func expectedFinish(_ fixture: Fixture) -> FinishReason {
        switch fixture.finish {
        case .refusal, .stop, nil: fixture.calls.isEmpty ? .stop : .toolCalls
        case let reason?: reason
        }
    }

    @Test("text, refusal, tool calls, usage and finish survive the relay", arguments: relayable)
    func streamed(_ fixture: Fixture) throws {
        var decoder = fixture.provider.makeStreamDecoder()
        let events = try decoder.decode(fixture.bytes) + decoder.finish()
        let frames = RelayTestSupport.frames(events, includeUsage: true)
        _ = try RelayTestSupport.chunks(frames)
        let summary = try RelayTestSupport.redecode(frames)

        #expect(summary.text == fixture.text)
        #expect(summary.refusal == fixture.refusal)
        #expect(summary.reasoning.isEmpty)
        #expect(summary.finishReason == Self.expectedFinish(fixture))
        #expect(summary.inputTokens == fixture.usage?.input ?? 0)
        #expect(summary.outputTokens == fixture.usage?.output ?? 0)
        #expect(summary.toolCalls.map(\.index) == Array(fixture.calls.indices))
        #expect(summary.toolCalls.map(\.name) == fixture.calls.map(\.name))
        for (call, expected) in zip(summary.toolCalls, fixture.calls) {
            #expect(call.arguments == (try AIJSON(parsing: expected.arguments)))
            if let id = expected.id {
                #expect(call.id == id)
            } else {
                #expect(call.id?.hasPrefix("call_") == true)
            }
        }
        #expect(Set(summary.toolCalls.compactMap(\.id)).count == fixture.calls.count, "tool call ids are unique")
    }

    @Test("the non-streaming answer carries the same message", arguments: relayable)
    func completed(_ fixture: Fixture) throws {
        var decoder = fixture.provider.makeStreamDecoder()
        var builder = OpenAICompletionBuilder(id: "chatcmpl-fx", model: "m", created: 1)
        for event in try decoder.decode(fixture.bytes) + decoder.finish() { builder.add(event) }
        let response = try AIJSON(parsing: builder.response())
        let message = try #require(response["choices", 0, "message"])
        #expect(message["content"] == (fixture.text.isEmpty && !fixture.calls.isEmpty ? .null : .string(fixture.text)))
        #expect(message["refusal"] == (fixture.refusal.map(AIJSON.string) ?? .null))
        #expect(response["choices", 0, "finish_reason"] == .string(Self.expectedFinish(fixture).rawValue))
        #expect(response["usage", "prompt_tokens"] == .integer(fixture.usage?.input ?? 0))
        #expect(response["usage", "completion_tokens"] == .integer(fixture.usage?.output ?? 0))
        for (offset, expected) in fixture.calls.enumerated() {
            #expect(message["tool_calls", offset, "function", "name"] == .string(expected.name))
            guard case .string(let arguments)? = message["tool_calls", offset, "function", "arguments"] else {
                Issue.record("arguments are not a string")
                continue
            }
            #expect(try AIJSON(parsing: arguments) == (try AIJSON(parsing: expected.arguments)))
        }
        #expect(message["tool_calls", fixture.calls.count] == nil)
    }
}
