/// The built-in provider catalog.
public enum AIProviderCatalog {
    /// Every provider, in display order.
    public static let all: [AIProviderInfo] = AIProviderID.allCases.map(info)

    /// The catalog entry for `id`.
    public static func info(_ id: AIProviderID) -> AIProviderInfo {
        switch id {
        case .openai:
            AIProviderInfo(
                id: .openai, displayName: "OpenAI", baseURL: "https://api.openai.com/v1", defaultModel: "gpt-4o-mini",
                models: [
                    AIModelInfo("gpt-4o-mini", name: "GPT-4o mini", contextLength: 128_000, maxOutputTokens: 16_384),
                    AIModelInfo("gpt-4o", name: "GPT-4o", contextLength: 128_000, maxOutputTokens: 16_384),
                    AIModelInfo("gpt-4.1", name: "GPT-4.1", contextLength: 1_047_576, maxOutputTokens: 32_768),
                    AIModelInfo("gpt-4.1-mini", name: "GPT-4.1 mini", contextLength: 1_047_576, maxOutputTokens: 32_768),
                ],
                maxTokens: 128_000, defaultMaxOutputTokens: 4096, maxTemperature: 2, requiresKey: true,
                keyInstructions: "Sign in to the OpenAI platform, open API keys and create a secret key (starts with sk-).",
                keyURL: "https://platform.openai.com/api-keys")
        case .anthropic:
            AIProviderInfo(
                id: .anthropic, displayName: "Anthropic Claude", baseURL: "https://api.anthropic.com/v1",
                defaultModel: "claude-sonnet-4-5",
                models: [
                    AIModelInfo("claude-sonnet-4-5", name: "Claude Sonnet 4.5", contextLength: 200_000, maxOutputTokens: 64_000),
                    AIModelInfo("claude-haiku-4-5", name: "Claude Haiku 4.5", contextLength: 200_000, maxOutputTokens: 64_000),
                    AIModelInfo("claude-opus-4-1", name: "Claude Opus 4.1", contextLength: 200_000, maxOutputTokens: 32_000),
                ],
                maxTokens: 200_000, defaultMaxOutputTokens: 4096, maxTemperature: 1, requiresKey: true,
                keyInstructions: "Sign in to the Anthropic Console, open API Keys and create a key (starts with sk-ant-).",
                keyURL: "https://console.anthropic.com/settings/keys")
        case .gemini:
            AIProviderInfo(
                id: .gemini, displayName: "Google Gemini", baseURL: "https://generativelanguage.googleapis.com",
                defaultModel: "gemini-2.5-flash",
                models: [
                    AIModelInfo("gemini-2.5-flash", name: "Gemini 2.5 Flash", contextLength: 1_048_576, maxOutputTokens: 65_536),
                    AIModelInfo("gemini-2.5-pro", name: "Gemini 2.5 Pro", contextLength: 1_048_576, maxOutputTokens: 65_536),
                    AIModelInfo("gemini-2.0-flash", name: "Gemini 2.0 Flash", contextLength: 1_048_576, maxOutputTokens: 8192),
                ],
                maxTokens: 1_048_576, defaultMaxOutputTokens: 4096, maxTemperature: 2, requiresKey: true,
                keyInstructions: "Open Google AI Studio and choose Get API key; the key is 39 characters long.",
                keyURL: "https://aistudio.google.com/app/apikey")
        case .openrouter:
            AIProviderInfo(
                id: .openrouter, displayName: "OpenRouter", baseURL: "https://openrouter.ai/api/v1",
                defaultModel: "openai/gpt-4o-mini",
                models: [
                    AIModelInfo(
                        "openai/gpt-4o-mini", name: "GPT-4o mini (via OpenRouter)", contextLength: 128_000, maxOutputTokens: 16_384),
                    AIModelInfo(
                        "anthropic/claude-sonnet-4.5", name: "Claude Sonnet 4.5 (via OpenRouter)", contextLength: 1_000_000,
                        maxOutputTokens: 64_000),
                    AIModelInfo(
                        "google/gemini-2.5-flash", name: "Gemini 2.5 Flash (via OpenRouter)", contextLength: 1_048_576,
                        maxOutputTokens: 65_536),
                ],
                maxTokens: 128_000, defaultMaxOutputTokens: 4096, maxTemperature: 2, requiresKey: true,
                keyInstructions: "Sign in to OpenRouter, open Keys and create a key (starts with sk-or-).",
                keyURL: "https://openrouter.ai/keys")
        case .ollama:
            AIProviderInfo(
                id: .ollama, displayName: "Ollama (local)", baseURL: "http://127.0.0.1:11434", defaultModel: "llama3.2",
                models: [
                    AIModelInfo("llama3.2", name: "Llama 3.2", contextLength: 131_072, maxOutputTokens: 8192),
                    AIModelInfo("qwen2.5", name: "Qwen 2.5", contextLength: 32_768, maxOutputTokens: 8192),
                ],
                maxTokens: 32_768, defaultMaxOutputTokens: 2048, maxTemperature: 2, requiresKey: false,
                keyInstructions: "No key needed: install Ollama, run `ollama pull llama3.2`, and keep `ollama serve` running.",
                keyURL: nil)
        case .custom:
            AIProviderInfo(
                id: .custom, displayName: "Custom (OpenAI-compatible)", baseURL: "http://127.0.0.1:8000/v1",
                defaultModel: "default", models: [],
                maxTokens: 32_768, defaultMaxOutputTokens: 2048, maxTemperature: 2, requiresKey: false,
                keyInstructions: "Use the key your server expects, if any; set the base URL with --base-url.",
                keyURL: nil)
        }
    }
}
