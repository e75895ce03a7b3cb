import AirFitAI

/// Streaming bodies in each provider's wire format, split into chunks as a server would send them.
enum WireScripts {
    /// A text answer in `pieces`, ending normally.
    static func text(_ provider: AIProviderID, _ pieces: [String]) -> [String] {
        switch provider {
        case .openai, .openrouter, .custom:
            pieces.map { openAI(#"{"index":0,"delta":{"content":"\#($0)"}}"#) }
                + [openAI(#"{"index":0,"delta":{},"finish_reason":"stop"}"#), "data: [DONE]\n\n"]
        case .anthropic:
            [
                AnthropicFixtures.messageStart,
                anthropic("content_block_start", #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#),
            ]
                + pieces.map {
                    anthropic(
                        "content_block_delta", #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\#($0)"}}"#)
                }
                + [
                    anthropic("content_block_stop", #"{"type":"content_block_stop","index":0}"#),
                    anthropic("message_delta", #"{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":7}}"#),
                    anthropic("message_stop", #"{"type":"message_stop"}"#),
                ]
        case .gemini:
            pieces.dropLast().map { gemini(#"{"candidates":[{"content":{"parts":[{"text":"\#($0)"}],"role":"model"},"index":0}]}"#) }
                + [
                    gemini(
                        #"{"candidates":[{"content":{"parts":[{"text":"\#(pieces.last ?? "")"}],"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":9,"candidatesTokenCount":4}}"#
                    )
                ]
        case .ollama:
            pieces.map { #"{"model":"m","message":{"role":"assistant","content":"\#($0)"},"done":false}"# + "\n" }
                + [
                    #"{"model":"m","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","prompt_eval_count":9,"eval_count":4}"#
                        + "\n"
                ]
        }
    }

    /// A single call of `get_weather` for Oslo.
    static func toolCall(_ provider: AIProviderID) -> [String] {
        switch provider {
        case .openai, .openrouter, .custom:
            [
                openAI(
                    #"{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":""}}]}}"#
                ),
                openAI(#"{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":\"Oslo\"}"}}]}}"#),
                openAI(#"{"index":0,"delta":{},"finish_reason":"tool_calls"}"#), "data: [DONE]\n\n",
            ]
        case .anthropic:
            [
                AnthropicFixtures.messageStart,
                anthropic(
                    "content_block_start",
                    #"{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"call_1","name":"get_weather","input":{}}}"#
                ),
                anthropic(
                    "content_block_delta",
                    #"{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"city\":\"Oslo\"}"}}"#),
                anthropic("content_block_stop", #"{"type":"content_block_stop","index":0}"#),
                anthropic("message_delta", #"{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":7}}"#),
                anthropic("message_stop", #"{"type":"message_stop"}"#),
            ]
        case .gemini:
            [
                gemini(
                    #"{"candidates":[{"content":{"parts":[{"functionCall":{"name":"get_weather","args":{"city":"Oslo"}}}],"role":"model"},"finishReason":"STOP","index":0}]}"#
                )
            ]
        case .ollama:
            [
                #"{"model":"m","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"get_weather","arguments":{"city":"Oslo"}}}]},"done":false}"#
                    + "\n",
                #"{"model":"m","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}"# + "\n",
            ]
        }
    }

    /// The chat path a provider's requests go to.
    static func chatPath(_ provider: AIProviderID) -> String {
        switch provider {
        case .openai, .custom: "/v1/chat/completions"
        case .openrouter: "/api/v1/chat/completions"
        case .anthropic: "/v1/messages"
        case .gemini: "/v1beta/models/gemini-2.5-flash:streamGenerateContent"
        case .ollama: "/api/chat"
        }
    }

    /// The base URL to give the client for a fake server at `root`.
    static func baseURL(_ provider: AIProviderID, root: String) -> String {
        switch provider {
        case .openai, .custom, .anthropic: root + "/v1"
        case .openrouter: root + "/api/v1"
        case .gemini, .ollama: root
        }
    }

    /// A key that passes the provider's format rules.
    static func key(_ provider: AIProviderID) -> String {
        switch provider {
        case .openai: "sk-proj-SECRETSECRETSECRET0001"
        case .anthropic: "sk-ant-api03-SECRETSECRET0001"
        case .openrouter: "sk-or-v1-SECRETSECRET000001"
        case .gemini: "AIzaSECRETSECRETSECRETSECRETSECRET00001"
        case .ollama, .custom: "local-SECRET-0001"
        }
    }

    static func openAI(_ choice: String) -> String { openAIChunk(choice) }
    static func anthropic(_ name: String, _ data: String) -> String { AnthropicFixtures.event(name, data) }
    static func gemini(_ json: String) -> String { "data: \(json)\r\n\r\n" }
}
