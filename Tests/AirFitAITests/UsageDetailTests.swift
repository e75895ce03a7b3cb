import AirFitAI
import Testing

@Suite("Cached and reasoning tokens")
struct UsageDetailTests {
    @Test("OpenAI's cached prompt tokens and reasoning tokens arrive as parts of the usage")
    func openAI() throws {
        let body =
            #"data: {"choices":[],"usage":{"prompt_tokens":120,"completion_tokens":40,"prompt_tokens_details":{"cached_tokens":100,"audio_tokens":0},"completion_tokens_details":{"reasoning_tokens":32}}}"#
            + "\n\ndata: [DONE]\n\n"
        let events = try TestSupport.events(.openai, body)
        #expect(events.contains(.usage(inputTokens: 120, outputTokens: 40)))
        #expect(events.contains(.usageDetails(cachedInputTokens: 100, reasoningTokens: 32)))
        var summary = StreamSummary()
        summary.add(contentsOf: events)
        #expect(summary.cachedInputTokens == 100 && summary.reasoningTokens == 32)
    }

    @Test("Without details (or with null ones) no parts are reported")
    func openAIWithout() throws {
        let body = #"data: {"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":2,"prompt_tokens_details":null}}"# + "\n\n"
        #expect(!(try TestSupport.events(.openai, body)).contains { if case .usageDetails = $0 { true } else { false } })
    }

    @Test("Gemini's cached content and thoughts are the parts; thoughts stay counted in the output")
    func gemini() throws {
        let body =
            #"data: {"candidates":[{"content":{"parts":[{"text":"Hi"}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":80,"candidatesTokenCount":10,"thoughtsTokenCount":25,"cachedContentTokenCount":64}}"#
            + "\n\n"
        let events = try TestSupport.events(.gemini, body)
        #expect(events.contains(.usage(inputTokens: 80, outputTokens: 35)))
        #expect(events.contains(.usageDetails(cachedInputTokens: 64, reasoningTokens: 25)))
    }
}
