import AirFitAI

/// Anthropic Messages streams.
enum AnthropicFixtures {
    static let all: [Fixture] = [thinkingAndTools, withoutEventLines, overloaded, maxTokens, refusal]

    static func event(_ name: String, _ data: String) -> String {
        "event: \(name)\ndata: \(data)\n\n"
    }

    static let messageStart = event(
        "message_start",
        #"{"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-5","stop_reason":null,"usage":{"input_tokens":412,"output_tokens":3}}}"#
    )

    static let thinkingAndTools = Fixture(
        name: "anthropic thinking, text and parallel tool_use",
        provider: .anthropic,
        body: messageStart
            + event(
                "content_block_start",
                #"{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}"#)
            + event(
                "content_block_delta",
                #"{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Check weather "}}"#
            )
            + event(
                "content_block_delta",
                #"{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"first."}}"#)
            + event(
                "content_block_delta",
                #"{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"EqQB"}}"#)
            + event("content_block_stop", #"{"type":"content_block_stop","index":0}"#)
            + event("ping", #"{"type": "ping"}"#)
            + event(
                "content_block_start",
                #"{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}"#)
            + event(
                "content_block_delta",
                #"{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Let me look."}}"#)
            + event("content_block_stop", #"{"type":"content_block_stop","index":1}"#)
            + event(
                "content_block_start",
                #"{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_A","name":"get_weather","input":{}}}"#
            )
            + event(
                "content_block_delta",
                #"{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":""}}"#)
            + event(
                "content_block_delta",
                #"{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"Be"}}"#
            )
            + event(
                "content_block_delta",
                #"{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"rlin\"}"}}"#
            )
            + event("content_block_stop", #"{"type":"content_block_stop","index":2}"#)
            + event(
                "content_block_start",
                #"{"type":"content_block_start","index":3,"content_block":{"type":"tool_use","id":"toolu_B","name":"get_time","input":{}}}"#
            )
            + event("content_block_stop", #"{"type":"content_block_stop","index":3}"#)
            + event(
                "message_delta",
                #"{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":40}}"#
            )
            + event("message_delta", #"{"type":"message_delta","delta":{},"usage":{"output_tokens":88}}"#)
            + event("message_stop", #"{"type":"message_stop"}"#),
        text: "Let me look.",
        reasoning: "Check weather first.",
        calls: [
            .init(id: "toolu_A", name: "get_weather", arguments: #"{"city":"Berlin"}"#),
            .init(id: "toolu_B", name: "get_time", arguments: "{}"),
        ],
        finish: .toolCalls,
        usage: (412, 88)
    )

    static let withoutEventLines = Fixture(
        name: "anthropic events recognised by JSON type without event lines",
        provider: .anthropic,
        body: "data: " + #"{"type":"message_start","message":{"usage":{"input_tokens":7,"output_tokens":1}}}"# + "\n\n"
            + "data: " + #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"# + "\n\n"
            + "data: " + #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}"# + "\n\n"
            + "data: " + #"{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":2}}"#
            + "\n\n"
            + "data: " + #"{"type":"message_stop"}"# + "\n\n",
        text: "Hi",
        finish: .stop,
        usage: (7, 2)
    )

    static let overloaded = Fixture(
        name: "anthropic error event",
        provider: .anthropic,
        body: messageStart
            + event(
                "content_block_start",
                #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#)
            + event(
                "content_block_delta",
                #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Part"}}"#)
            + event("error", #"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#),
        text: "Part",
        finish: .error,
        usage: (412, 3),
        error: ("overloaded_error", "Overloaded")
    )

    static let maxTokens = Fixture(
        name: "anthropic max_tokens becomes length",
        provider: .anthropic,
        body: messageStart
            + event(
                "content_block_start",
                #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#)
            + event(
                "content_block_delta",
                #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Cut"}}"#)
            + event(
                "message_delta",
                #"{"type":"message_delta","delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":1024}}"#),
        text: "Cut",
        finish: .length,
        usage: (412, 1024)
    )

    static let refusal = Fixture(
        name: "anthropic refusal stop reason",
        provider: .anthropic,
        body: messageStart
            + event(
                "message_delta",
                #"{"type":"message_delta","delta":{"stop_reason":"refusal"},"usage":{"output_tokens":5}}"#),
        finish: .refusal,
        usage: (412, 5)
    )
}
