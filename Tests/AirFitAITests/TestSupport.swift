import AirFitAI
import Testing

/// Helpers shared by the decoding tests.
enum TestSupport {
    /// Decodes `bytes` fed in the pieces delimited by `cuts` (sorted offsets).
    static func summary(_ provider: AIProviderID, _ bytes: [UInt8], cuts: [Int] = []) throws -> StreamSummary {
        var decoder = provider.makeStreamDecoder()
        var summary = StreamSummary()
        var start = 0
        for cut in cuts + [bytes.count] {
            summary.add(contentsOf: try decoder.decode(bytes[start..<cut]))
            start = cut
        }
        summary.add(contentsOf: decoder.finish())
        return summary
    }

    /// Decodes `bytes` one byte at a time.
    static func summaryByteByByte(_ provider: AIProviderID, _ bytes: [UInt8]) throws -> StreamSummary {
        try summary(provider, bytes, cuts: Array(bytes.indices.dropFirst()))
    }

    /// All events of a whole body.
    static func events(_ provider: AIProviderID, _ body: String) throws -> [StreamEvent] {
        var decoder = provider.makeStreamDecoder()
        return try decoder.decode(Array(body.utf8)) + decoder.finish()
    }

    /// SSE events from `bytes` split at `cuts`.
    static func sseEvents(_ bytes: [UInt8], cuts: [Int] = []) throws -> [SSEEvent] {
        var parser = SSEParser()
        var events: [SSEEvent] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            events += try parser.feed(bytes[start..<cut])
            start = cut
        }
        return events + parser.finish()
    }

    static func sseEvents(_ text: String) throws -> [SSEEvent] {
        try sseEvents(Array(text.utf8))
    }

    /// Checks a summary against a fixture's expectations.
    static func expect(
        _ summary: StreamSummary, matches fixture: Fixture, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(summary.text == fixture.text, sourceLocation: sourceLocation)
        #expect(summary.reasoning == fixture.reasoning, sourceLocation: sourceLocation)
        #expect(summary.refusal == fixture.refusal, sourceLocation: sourceLocation)
        #expect(summary.finishReason == fixture.finish, sourceLocation: sourceLocation)
        #expect(summary.hasUsage == (fixture.usage != nil), sourceLocation: sourceLocation)
        if let usage = fixture.usage {
            #expect(summary.inputTokens == usage.input, sourceLocation: sourceLocation)
            #expect(summary.outputTokens == usage.output, sourceLocation: sourceLocation)
        }
        #expect(summary.error?.code == fixture.error?.code, sourceLocation: sourceLocation)
        #expect(summary.error?.message == fixture.error?.message, sourceLocation: sourceLocation)
        #expect(summary.toolCalls.count == fixture.calls.count, sourceLocation: sourceLocation)
        for (call, expected) in zip(summary.toolCalls, fixture.calls) {
            #expect(call.name == expected.name, sourceLocation: sourceLocation)
            #expect(call.id == expected.id, sourceLocation: sourceLocation)
            #expect(call.arguments == (try? AIJSON(parsing: expected.arguments)), sourceLocation: sourceLocation)
        }
    }
}
