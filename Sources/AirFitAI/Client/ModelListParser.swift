/// Reads model ids out of each provider's model-list response.
enum ModelListParser {
    /// `data[].id` (OpenAI, Anthropic, OpenRouter, custom), `models[].name` without `models/` (Gemini),
    /// or `models[].name` (Ollama); `nil` when the body has neither shape.
    static func ids(_ body: [UInt8], provider: AIProviderID) -> [String]? {
        guard let value = try? AIJSON(parsing: body), case .object(let members) = value else { return nil }
        for member in members {
            guard case .array(let items) = member.value else { continue }
            let field: String
            switch member.key {
            case "data": field = "id"
            case "models": field = "name"
            default: continue
            }
            return items.compactMap { item -> String? in
                guard case .object(let fields) = item, let found = fields.first(where: { $0.key == field }),
                    case .string(let id) = found.value
                else { return nil }
                return id.hasPrefix("models/") ? String(id.dropFirst(7)) : id
            }
        }
        return nil
    }
}
