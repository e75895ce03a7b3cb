import AirFitAI

/// Ollama native `/api/chat` NDJSON streams.
enum OllamaFixtures {
    static let all: [Fixture] = [text, thinkingAndTools, error, length]

    static let text = Fixture(
        name: "ollama text, CRLF lines, last line without newline",
        provider: .ollama,
        body:
            #"{"model":"llama3.2","created_at":"2025-01-01T00:00:00Z","message":{"role":"assistant","content":"Drink"},"done":false}"#
            + "\r\n"
            + #"{"model":"llama3.2","message":{"role":"assistant","content":" water.\n"},"done":false}"# + "\n\n"
            + #"{"model":"llama3.2","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":100,"prompt_eval_count":15,"prompt_eval_duration":5,"eval_count":4,"eval_duration":9}"#,
        text: "Drink water.\n",
        finish: .stop,
        usage: (15, 4)
    )

    static let thinkingAndTools = Fixture(
        name: "ollama thinking and tool calls make stop tool_calls",
        provider: .ollama,
        body:
            #"{"model":"qwen3","message":{"role":"assistant","content":"","thinking":"Need the weather."},"done":false}"#
            + "\n"
            + #"{"model":"qwen3","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"get_weather","arguments":{"city":"Accra","unit":"celsius"}}},{"function":{"index":1,"name":"get_time","arguments":{}}}]},"done":false}"#
            + "\n"
            + #"{"model":"qwen3","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","prompt_eval_count":120,"eval_count":25}"#
            + "\n",
        reasoning: "Need the weather.",
        calls: [
            .init(id: nil, name: "get_weather", arguments: #"{"city":"Accra","unit":"celsius"}"#),
            .init(id: nil, name: "get_time", arguments: "{}"),
        ],
        finish: .toolCalls,
        usage: (120, 25)
    )

    static let error = Fixture(
        name: "ollama error line",
        provider: .ollama,
        body: #"{"error":"model \"llama9\" not found, try pulling it first"}"# + "\n",
        finish: .error,
        error: (nil, "model \"llama9\" not found, try pulling it first")
    )

    static let length = Fixture(
        name: "ollama length",
        provider: .ollama,
        body:
            #"{"message":{"role":"assistant","content":"Long answer"},"done":true,"done_reason":"length","eval_count":64}"#
            + "\n",
        text: "Long answer",
        finish: .length,
        usage: (nil, 64)
    )
}
