import AirFitAI

/// OpenAI chat-completions streams (also OpenRouter and OpenAI-compatible servers).
enum OpenAIFixtures {
    static let all: [Fixture] = [text, parallelTools, refusal, reasoning, openRouterError, apiError, length, malformed]

    static let text = Fixture(
        name: "openai text with usage chunk",
        provider: .openai,
        body: openAIChunk(#"{"index":0,"delta":{"role":"assistant","content":"","refusal":null},"finish_reason":null}"#)
            + openAIChunk(#"{"index":0,"delta":{"content":"Rest "},"finish_reason":null}"#)
            + openAIChunk(#"{"index":0,"delta":{"content":"day — \"easy\"\nwalk 🚶"},"finish_reason":null}"#)
            + openAIChunk(#"{"index":0,"delta":{"content":" \u00e9t\u00e9 \ud83d\udcaa"},"finish_reason":null}"#)
            + openAIChunk(#"{"index":0,"delta":{},"finish_reason":"stop"}"#)
            + #"data: {"id":"chatcmpl-9xT","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":21,"completion_tokens":9,"total_tokens":30}}"#
            + "\n\ndata: [DONE]\n\n",
        text: "Rest day — \"easy\"\nwalk 🚶 été 💪",
        finish: .stop,
        usage: (21, 9)
    )

    static let parallelTools = Fixture(
        name: "openai parallel tool calls, index from 1, fragmented",
        provider: .openai,
        body: openAIChunk(
            #"{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":1,"id":"call_A","type":"function","function":{"name":"get_weather","arguments":""}}]},"finish_reason":null}"#
        )
            + openAIChunk(
                #"{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"{\"ci"}}]},"finish_reason":null}"#
            )
            + openAIChunk(
                #"{"index":0,"delta":{"tool_calls":[{"index":2,"id":"call_B","type":"function","function":{"name":"log_workout","arguments":"{\"min"}}]},"finish_reason":null}"#
            )
            + openAIChunk(
                #"{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"ty\": \"Oslo\"}"}}]},"finish_reason":null}"#
            )
            + openAIChunk(
                #"{"index":0,"delta":{"tool_calls":[{"index":2,"function":{"arguments":"utes\": 30}"}}]},"finish_reason":null}"#
            )
            + openAIChunk(#"{"index":0,"delta":{},"finish_reason":"tool_calls"}"#)
            + "data: [DONE]\n\n",
        calls: [
            .init(id: "call_A", name: "get_weather", arguments: #"{"city":"Oslo"}"#),
            .init(id: "call_B", name: "log_workout", arguments: #"{"minutes":30}"#),
        ],
        finish: .toolCalls
    )

    static let refusal = Fixture(
        name: "openai refusal deltas",
        provider: .openai,
        body: openAIChunk(#"{"index":0,"delta":{"role":"assistant","content":null,"refusal":""},"finish_reason":null}"#)
            + openAIChunk(#"{"index":0,"delta":{"refusal":"I can't help"},"finish_reason":null}"#)
            + openAIChunk(#"{"index":0,"delta":{"refusal":" with that."},"finish_reason":null}"#)
            + openAIChunk(#"{"index":0,"delta":{},"finish_reason":"stop"}"#) + "data: [DONE]\n\n",
        refusal: "I can't help with that.",
        finish: .stop
    )

    static let reasoning = Fixture(
        name: "openai-compatible reasoning_content, reasoning, empty finish_reason",
        provider: .custom,
        body: openAIChunk(
            #"{"index":0,"delta":{"role":"assistant","reasoning_content":"User wants "},"finish_reason":""}"#)
            + openAIChunk(#"{"index":0,"delta":{"reasoning":"a plan."},"finish_reason":""}"#)
            + openAIChunk(#"{"index":0,"delta":{"content":"Here is a plan."},"finish_reason":null}"#)
            + openAIChunk(#"{"index":0,"delta":{},"finish_reason":"stop"}"#),
        text: "Here is a plan.",
        reasoning: "User wants a plan.",
        finish: .stop
    )

    static let openRouterError = Fixture(
        name: "openrouter mid-stream error",
        provider: .openrouter,
        body: ": OPENROUTER PROCESSING\n\n"
            + openAIChunk(#"{"index":0,"delta":{"role":"assistant","content":"Start"},"finish_reason":null}"#)
            + #"data: {"id":"gen-1","object":"chat.completion.chunk","error":{"code":502,"message":"Provider disconnected unexpectedly"},"choices":[{"index":0,"delta":{"content":""},"finish_reason":"error"}]}"#
            + "\n\n",
        text: "Start",
        finish: .error,
        error: ("502", "Provider disconnected unexpectedly")
    )

    static let apiError = Fixture(
        name: "openai error object",
        provider: .openai,
        body:
            #"data: {"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":null}}"#
            + "\n\n",
        finish: .error,
        error: ("server_error", "The server had an error while processing your request.")
    )

    static let length = Fixture(
        name: "openai length finish, choice 1 ignored",
        provider: .openai,
        body: openAIChunk(
            #"{"index":0,"delta":{"content":"Long"},"finish_reason":null},{"index":1,"delta":{"content":"Other"},"finish_reason":null}"#
        )
            + openAIChunk(#"{"index":0,"delta":{},"finish_reason":"length"}"#),
        text: "Long",
        finish: .length
    )

    static let malformed = Fixture(
        name: "openai malformed and unknown events skipped",
        provider: .openai,
        body: openAIChunk(#"{"index":0,"delta":{"content":"A"},"finish_reason":null}"#)
            + "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"LOST\"}}]\n\n"
            + "event: keepalive\ndata: not json\n\n"
            + openAIChunk(#"{"index":0,"delta":{"content":"B","future_field":{"x":[1,2]}},"finish_reason":null}"#)
            + openAIChunk(#"{"index":0,"delta":{},"finish_reason":"stop"}"#),
        text: "AB",
        finish: .stop
    )
}
