import ArgumentParser

/// Developer tools: stream parsing and decoding with the same code the app uses.
struct DebugCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debug",
        abstract: "Developer tools for inspecting provider streams.",
        discussion: """
            Both tools read FILE (standard input when it is omitted or '-') in 16 KiB \
            chunks and feed them incrementally to the same parsers and decoders the \
            app uses, so a capture decodes here exactly as it does in a live chat.

            airfit debug sse [FILE]
              Parses a WHATWG event stream; prints one JSON object per event:
              {"event": "<type, 'message' by default>", "data": "...",
               "id": "<last event id>" | null}

            airfit debug decode --provider <provider> [FILE]
              Decodes a raw provider response body (SSE; NDJSON for ollama's
              native /api/chat) and prints one JSON object summarising it:
              {"text", "reasoning", "refusal", "tool_calls": [{"id", "name",
               "arguments"}], "finish_reason", "usage": {"input_tokens",
               "output_tokens"} | null, "error": {"code", "message"} | null}

            On an unreadable file or a stream over its byte limits, one line goes \
            to standard error and the exit status is 1.
            """,
        subcommands: [DebugSSECommand.self, DebugDecodeCommand.self]
    )
}
