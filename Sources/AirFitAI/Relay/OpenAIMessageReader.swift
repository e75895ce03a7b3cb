/// Reads OpenAI chat messages, in order, into a system prompt and ``ChatMessage``s.
///
/// `system` and `developer` messages join, a blank line apart, into the system prompt (empty ones are skipped);
/// `user`, `assistant` and `tool` messages become the conversation. A tool message takes its tool's name from the
/// earlier assistant tool call it answers.
struct OpenAIMessageReader {
    /// The conversation so far.
    private(set) var messages: [ChatMessage] = []
    private var systemParts: [String] = []
    /// Tool names by call id, from the assistant messages read so far (a later call with the same id wins).
    private var toolNames: [String: String] = [:]

    /// The joined system and developer messages, or `nil` when there were none.
    var systemPrompt: String? {
        systemParts.isEmpty ? nil : systemParts.joined(separator: "\n\n")
    }

    /// Reads one message; `field` is its path (`messages[3]`).
    mutating func read(_ message: AIJSON, field: String) throws(OpenAIRelayError) {
        try message.relayRequireObject(field)
        guard let roleValue = message.relayMember("role") else { throw .missingField(field: "\(field).role") }
        let role = try roleValue.relayString("\(field).role")
        switch role {
        case "system", "developer":
            let text = try Self.content(message, field: field, allowNull: false)
            if !text.isEmpty { systemParts.append(text) }
        case "user":
            messages.append(.user(try Self.content(message, field: field, allowNull: false)))
        case "assistant":
            try readAssistant(message, field: field)
        case "tool":
            guard let idValue = message.relayMember("tool_call_id") else { throw .missingField(field: "\(field).tool_call_id") }
            let id = try idValue.relayString("\(field).tool_call_id")
            guard let name = toolNames[id] else { throw .unknownToolCall(field: "\(field).tool_call_id", id: id) }
            messages.append(.toolResult(callID: id, name: name, content: try Self.content(message, field: field, allowNull: false)))
        default:
            throw .unsupportedValue(field: "\(field).role", value: role, supported: "system, developer, user, assistant or tool")
        }
    }

    private mutating func readAssistant(_ message: AIJSON, field: String) throws(OpenAIRelayError) {
        var calls: [ToolCall] = []
        if let callsValue = message.relayMember("tool_calls") {
            for (offset, call) in try callsValue.relayArray("\(field).tool_calls").enumerated() {
                calls.append(try Self.toolCall(call, field: "\(field).tool_calls[\(offset)]"))
            }
        }
        let text = try Self.content(message, field: field, allowNull: !calls.isEmpty)
        for call in calls { toolNames[call.id] = call.name }
        messages.append(.assistant(text: text, toolCalls: calls))
    }

    private static func toolCall(_ call: AIJSON, field: String) throws(OpenAIRelayError) -> ToolCall {
        try call.relayRequireObject(field)
        if let type = call.relayMember("type") {
            let kind = try type.relayString("\(field).type")
            guard kind == "function" else { throw .unsupportedValue(field: "\(field).type", value: kind, supported: "\"function\"") }
        }
        guard let idValue = call.relayMember("id") else { throw .missingField(field: "\(field).id") }
        let id = try idValue.relayString("\(field).id")
        guard !id.isEmpty else { throw .emptyField(field: "\(field).id") }
        guard let function = call.relayMember("function") else { throw .missingField(field: "\(field).function") }
        try function.relayRequireObject("\(field).function")
        guard let nameValue = function.relayMember("name") else { throw .missingField(field: "\(field).function.name") }
        let name = try nameValue.relayString("\(field).function.name")
        guard !name.isEmpty else { throw .emptyField(field: "\(field).function.name") }
        let arguments = try function.relayMember("arguments")?.relayString("\(field).function.arguments") ?? "{}"
        return ToolCall(id: id, name: name, argumentsJSON: arguments)
    }

    /// The message's text: a string, or text parts joined by a newline (assistant `refusal` parts count as text).
    private static func content(_ message: AIJSON, field: String, allowNull: Bool) throws(OpenAIRelayError) -> String {
        let contentField = "\(field).content"
        guard let content = message.relayMember("content") else {
            if allowNull { return "" }
            throw .missingField(field: contentField)
        }
        switch content {
        case .string(let text):
            return text
        case .array(let parts):
            var texts: [String] = []
            for (offset, part) in parts.enumerated() {
                texts.append(try text(of: part, field: "\(contentField)[\(offset)]"))
            }
            return texts.joined(separator: "\n")
        default:
            throw .wrongType(field: contentField, expected: "a string or an array of text parts")
        }
    }

    private static func text(of part: AIJSON, field: String) throws(OpenAIRelayError) -> String {
        try part.relayRequireObject(field)
        guard let typeValue = part.relayMember("type") else { throw .missingField(field: "\(field).type") }
        let type = try typeValue.relayString("\(field).type")
        switch type {
        case "text", "refusal":
            guard let text = part.relayMember(type) else { throw .missingField(field: "\(field).\(type)") }
            return try text.relayString("\(field).\(type)")
        case "image_url", "input_audio", "file", "image", "audio", "input_image", "input_file":
            throw .unsupportedContent(field: "\(field).type", type: type)
        default:
            throw .unsupportedValue(field: "\(field).type", value: type, supported: "\"text\"")
        }
    }
}
