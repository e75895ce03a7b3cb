/// Turns a provider's raw response body into normalised ``StreamEvent``s.
///
/// Rules every implementation keeps:
/// - `decode` accepts the body in chunks split anywhere; the events produced for a stream do not
///   depend on the split.
/// - Unknown events and fields are ignored; an event whose JSON is malformed is skipped. Neither is
///   ever fatal. Only a ``StreamLimits`` violation throws.
/// - Tool calls end with ``StreamEvent/toolCallComplete(index:id:name:argumentsJSON:)``, at the latest
///   from `finish()`.
/// - An in-stream provider error yields ``StreamEvent/error(code:message:)`` followed by
///   ``StreamEvent/finish(_:)`` with ``FinishReason/error``.
public protocol ProviderStreamDecoder: Sendable {
    /// Decodes the next chunk of the response body.
    /// - Parameter chunk: the next bytes.
    /// - Returns: the events completed by this chunk.
    /// - Throws: ``StreamParseError`` when a limit is exceeded; the decoder must then be discarded.
    mutating func decode(_ chunk: some Collection<UInt8>) throws(StreamParseError) -> [StreamEvent]

    /// Ends the stream, flushing anything still open (a last NDJSON line, unfinished tool calls).
    /// - Returns: the final events.
    mutating func finish() -> [StreamEvent]
}

/// The provider-specific half of an SSE decoder: it sees each dispatched event.
protocol SSEPayloadDecoder: SSEEventSink, Sendable {
    init()
    /// Events produced so far and not yet returned.
    var events: [StreamEvent] { get set }
    /// Called once at the end of the stream.
    mutating func finishStream()
}

/// The provider-specific half of an NDJSON decoder: it sees each line.
protocol NDJSONPayloadDecoder: NDJSONLineSink, Sendable {
    init()
    /// Events produced so far and not yet returned.
    var events: [StreamEvent] { get set }
    /// Called once at the end of the stream.
    mutating func finishStream()
}

/// Joins the SSE parser and a payload decoder into a ``ProviderStreamDecoder``.
struct SSEStreamDecoder<Payload: SSEPayloadDecoder>: ProviderStreamDecoder {
    private var parser: SSEParser
    private var payload = Payload()

    init(limits: StreamLimits) {
        parser = SSEParser(limits: limits)
    }

    mutating func decode(_ chunk: some Collection<UInt8>) throws(StreamParseError) -> [StreamEvent] {
        try parser.feed(chunk, into: &payload)
        return Self.take(&payload.events)
    }

    mutating func finish() -> [StreamEvent] {
        _ = parser.finish()
        payload.finishStream()
        return Self.take(&payload.events)
    }

    static func take(_ events: inout [StreamEvent]) -> [StreamEvent] {
        defer { events = [] }
        return events
    }
}

/// Joins the NDJSON parser and a payload decoder into a ``ProviderStreamDecoder``.
struct NDJSONStreamDecoder<Payload: NDJSONPayloadDecoder>: ProviderStreamDecoder {
    private var parser: NDJSONParser
    private var payload = Payload()

    init(limits: StreamLimits) {
        parser = NDJSONParser(limits: limits)
    }

    mutating func decode(_ chunk: some Collection<UInt8>) throws(StreamParseError) -> [StreamEvent] {
        try parser.feed(chunk, into: &payload)
        return SSEStreamDecoder<NoPayload>.take(&payload.events)
    }

    mutating func finish() -> [StreamEvent] {
        parser.finish(into: &payload)
        payload.finishStream()
        return SSEStreamDecoder<NoPayload>.take(&payload.events)
    }
}

/// A payload that ignores everything; it only names a generic parameter.
struct NoPayload: SSEPayloadDecoder {
    var events: [StreamEvent] = []
    mutating func receive(_ event: SSEEventView) {}
    mutating func finishStream() {}
}
