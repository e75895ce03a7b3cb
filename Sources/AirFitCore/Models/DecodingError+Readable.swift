import Foundation

extension DecodingError {
    /// A sentence naming the path and what was expected: `workouts[1].durationMinutes should be a number.`
    public var readableDescription: String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "the top level" : text)
        }
        func kind(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: return "text"
            case is Double.Type, is Int.Type, is Int64.Type: return "a number"
            case is Bool.Type: return "true or false"
            case is [Any].Type: return "a list"
            default: return "an object"
            }
        }
        switch self {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing."
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) should be \(kind(type))."
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) should be \(kind(type)), not null."
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "unreadable content."
        }
    }
}
