import AirFitAI
import ArgumentParser

/// `airfit debug sse`: prints the events of a WHATWG event stream as JSON lines.
struct DebugSSECommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sse",
        abstract: "Parse a text/event-stream body and print each dispatched event as one JSON line.",
        discussion: """
            Output, one line per event: {"event": "<type, 'message' by default>", "data": "<data \
            lines joined with \\n>", "id": "<last event id>" | null}. Lines may end in CR, LF or \
            CRLF; a leading UTF-8 BOM is removed; an event is dispatched only by a blank line, so \
            an unterminated event at the end of the input is not printed.
            """
    )

    @Argument(help: "The event-stream file to read; standard input when omitted or '-'.")
    var file: String?

    @OptionGroup var limits: StreamLimitOptions

    func run() throws {
        var parser = SSEParser(limits: limits.streamLimits)
        var output = StandardOutput()
        try CommandFailure.report(command: "airfit debug sse") {
            try ChunkedInput.forEachChunk(of: file) { chunk throws(StreamParseError) in
                for event in try parser.feed(chunk) {
                    output.writeLine(Self.json(for: event))
                }
            }
            _ = parser.finish()
        }
        output.flush()
    }

    private static func json(for event: SSEEvent) -> String {
        AIJSON.object([
            AIJSONMember("event", .string(event.event)),
            AIJSONMember("data", .string(event.data)),
            AIJSONMember("id", event.id.map(AIJSON.string) ?? .null),
        ]).encoded
    }
}
