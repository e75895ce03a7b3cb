import AirFitAI
import Testing

/// Helpers for the relay tests: reading frames back with AirFit's own OpenAI stream decoder.
enum RelayTestSupport {
    /// Feeds `frames` through the OpenAI stream decoder the AI client uses, split at every frame and also one
    /// byte at a time; both must agree, and the summary is returned.
    static func redecode(_ frames: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> StreamSummary {
        var decoder = AIProviderID.openai.makeStreamDecoder()
        var summary = StreamSummary()
        for frame in frames { summary.add(contentsOf: try decoder.decode(Array(frame.utf8))) }
        summary.add(contentsOf: decoder.finish())
        let byteByByte = try TestSupport.summaryByteByByte(.openai, Array(frames.joined().utf8))
        #expect(byteByByte == summary, sourceLocation: sourceLocation)
        return summary
    }

    /// The JSON object of a `data: {...}\n\n` frame.
    static func json(_ frame: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> AIJSON {
        #expect(frame.hasPrefix("data: "), sourceLocation: sourceLocation)
        #expect(frame.hasSuffix("\n\n"), sourceLocation: sourceLocation)
        #expect(!frame.dropLast(2).contains("\n"), "a frame is one line", sourceLocation: sourceLocation)
        return try AIJSON(parsing: String(frame.dropFirst(6).dropLast(2)))
    }

    /// Every frame parsed, except `[DONE]`.
    static func chunks(_ frames: [String]) throws -> [AIJSON] {
        try frames.filter { $0 != "data: [DONE]\n\n" }.map { try json($0) }
    }

    /// Runs `events` through a writer and returns all frames, ``OpenAIChunkWriter/end()`` included.
    static func frames(_ events: [StreamEvent], includeUsage: Bool = false, id: String = "chatcmpl-test42") -> [String] {
        var writer = OpenAIChunkWriter(id: id, model: "gpt-test", created: 1_730_000_000, includeUsage: includeUsage)
        return events.flatMap { writer.frames(for: $0) } + writer.end()
    }
}

extension AIJSON {
    /// The value at a path of object keys and array indexes; `nil` when any step is missing.
    subscript(_ path: any RelayPathStep...) -> AIJSON? {
        var value: AIJSON? = self
        for step in path { value = value.flatMap { step.step(into: $0) } }
        return value
    }
}

/// One step of a JSON path in the relay tests.
protocol RelayPathStep {
    func step(into value: AIJSON) -> AIJSON?
}

extension String: RelayPathStep {
    func step(into value: AIJSON) -> AIJSON? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == self }?.value
    }
}

extension Int: RelayPathStep {
    func step(into value: AIJSON) -> AIJSON? {
        guard case .array(let elements) = value, elements.indices.contains(self) else { return nil }
        return elements[self]
    }
}
