import Foundation

/// Reads the human message out of a provider's error body.
enum ProviderErrorBody {
    /// `error.message` (OpenAI, Anthropic, Gemini, OpenRouter), `error` as a string (Ollama), a top-level
    /// `message`, or else the start of the body text.
    static func message(_ body: [UInt8]) -> String? {
        if let value = try? AIJSON(parsing: body), case .object(let members) = value {
            for member in members where member.key == "error" {
                switch member.value {
                case .string(let text): return text
                case .object(let inner):
                    if let found = inner.first(where: { $0.key == "message" }), case .string(let text) = found.value {
                        return text
                    }
                default: break
                }
            }
            if let found = members.first(where: { $0.key == "message" }), case .string(let text) = found.value { return text }
        }
        let text = String(decoding: body.prefix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
