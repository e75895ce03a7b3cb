/// One dispatched server-sent event, as the WHATWG EventSource algorithm defines it.
public struct SSEEvent: Sendable, Hashable {
    /// The event type; `"message"` when the stream named none.
    public var event: String
    /// The data lines of the event joined with `\n`.
    public var data: String
    /// The last event ID seen on the stream so far, or `nil` when no valid `id` field has arrived.
    public var id: String?

    /// Creates an event.
    public init(event: String = "message", data: String, id: String? = nil) {
        self.event = event
        self.data = data
        self.id = id
    }
}

/// A borrowed view of a dispatched event; valid only during the ``SSEEventSink/receive(_:)`` call.
struct SSEEventView {
    /// The joined data bytes (no trailing newline).
    let data: UnsafeBufferPointer<UInt8>
    /// The raw event type bytes; empty means `message`.
    let type: UnsafeBufferPointer<UInt8>
    /// The raw last event ID, or `nil` when none was set.
    let id: [UInt8]?
}

/// Receives events from ``SSEParser`` without allocating per event.
protocol SSEEventSink {
    mutating func receive(_ event: SSEEventView)
}

/// Collects ``SSEEvent`` values for the public ``SSEParser/feed(_:)`` API.
struct SSEEventCollector: SSEEventSink {
    var events: [SSEEvent] = []

    mutating func receive(_ event: SSEEventView) {
        let type = event.type.isEmpty ? "message" : String(decoding: event.type, as: UTF8.self)
        events.append(
            SSEEvent(
                event: type,
                data: String(decoding: event.data, as: UTF8.self),
                id: event.id.map { String(decoding: $0, as: UTF8.self) }
            )
        )
    }
}
