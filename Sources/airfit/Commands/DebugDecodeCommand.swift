import AirFitAI
public import ArgumentParser

/// `airfit debug decode`: decodes a provider response body and prints its summary.
struct DebugDecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode a raw provider response body and print one JSON summary of the stream.",
        discussion: """
            Output: {"text": "...", "reasoning": "...", "refusal": "..." | null, "tool_calls": \
            [{"id": "..." | null, "name": "...", "arguments": {...}}], "finish_reason": "stop" | \
            "length" | "tool_calls" | "content_filter" | "refusal" | "error" | null, "usage": \
            {"input_tokens": N | null, "output_tokens": N | null} | null, "error": {"code": "...", \
            "message": "..."} | null}.
            Tool calls are listed in order of first appearance with their argument fragments joined \
            and parsed ({} when empty, {"_raw": "<text>"} when not JSON). An error inside the \
            stream makes finish_reason "error"; malformed events are skipped.
            """
    )

    @Option(help: "The provider whose wire format the body uses (ollama = native /api/chat NDJSON).")
    var provider: AIProviderID

    @Argument(help: "The captured response body to read; standard input when omitted or '-'.")
    var file: String?

    @OptionGroup var limits: StreamLimitOptions

    func run() throws {
        var decoder = provider.makeStreamDecoder(limits: limits.streamLimits)
        var summary = StreamSummary()
        try CommandFailure.report(command: "airfit debug decode") {
            try ChunkedInput.forEachChunk(of: file) { chunk throws(StreamParseError) in
                summary.add(contentsOf: try decoder.decode(chunk))
            }
            summary.add(contentsOf: decoder.finish())
        }
        var output = StandardOutput()
        output.writeLine(summary.encodedJSON())
        output.flush()
    }
}

extension AIProviderID: ExpressibleByArgument {}
