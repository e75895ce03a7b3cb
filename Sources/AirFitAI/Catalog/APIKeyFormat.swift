import Foundation

/// Format rules for provider keys, checked before any key is tested or saved.
public enum APIKeyFormat {
    /// Why a key does not look right, or `nil` when it does.
    ///
    /// The message never repeats the key.
    /// - Parameters:
    ///   - key: the key as typed; surrounding whitespace is ignored.
    ///   - provider: the provider it is for.
    public static func problem(_ key: String, for provider: AIProviderID) -> String? {
        let key = key.trimmingCharacters(in: .whitespacesAndNewlines)
        if key.contains(where: { $0.isWhitespace }) { return "the key contains spaces or line breaks" }
        switch provider {
        case .openai:
            guard key.hasPrefix("sk-") else { return "OpenAI keys start with \"sk-\"" }
            guard key.count > 20 else { return "OpenAI keys are longer than 20 characters" }
        case .anthropic:
            guard key.hasPrefix("sk-ant-") else { return "Anthropic keys start with \"sk-ant-\"" }
            guard key.count > 20 else { return "Anthropic keys are longer than 20 characters" }
        case .openrouter:
            guard key.hasPrefix("sk-or-") else { return "OpenRouter keys start with \"sk-or-\"" }
            guard key.count > 20 else { return "OpenRouter keys are longer than 20 characters" }
        case .gemini:
            guard key.count >= 39 else { return "Gemini keys are at least 39 characters long" }
        case .ollama, .custom:
            return nil
        }
        return nil
    }

    /// Whether the key passes the format rules.
    public static func isValid(_ key: String, for provider: AIProviderID) -> Bool {
        problem(key, for: provider) == nil
    }
}
