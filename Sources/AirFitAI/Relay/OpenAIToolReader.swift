/// Reads OpenAI `tools` and `tool_choice`.
enum OpenAIToolReader {
    /// The schema used for a function sent without `parameters`: an object with no properties.
    static let emptyParameters = AIJSON.object([
        AIJSONMember("type", .string("object")), AIJSONMember("properties", .object([])),
    ])

    /// The tools of a `tools` value (absent → none). Only `function` tools; names checked and unique.
    static func tools(_ value: AIJSON?) throws(OpenAIRelayError) -> [ToolDefinition] {
        guard let value else { return [] }
        var tools: [ToolDefinition] = []
        var names = Set<String>()
        for (offset, element) in try value.relayArray("tools").enumerated() {
            let tool = try tool(element, field: "tools[\(offset)]")
            guard names.insert(tool.name).inserted else { throw .duplicateTool(field: "tools[\(offset)].function.name", name: tool.name) }
            tools.append(tool)
        }
        return tools
    }

    /// Whether `tool_choice` removes the tools (`"none"`); checks the other forms.
    static func choiceDropsTools(_ value: AIJSON?, tools: [ToolDefinition]) throws(OpenAIRelayError) -> Bool {
        guard let value else { return false }
        switch value {
        case .string(let choice):
            switch choice {
            case "none": return true
            case "auto", "required": return false
            default:
                throw .unsupportedValue(field: "tool_choice", value: choice, supported: "\"auto\", \"required\", \"none\" or a function")
            }
        case .object:
            let type = try value.relayMember("type")?.relayString("tool_choice.type") ?? "function"
            guard type == "function" else {
                throw .unsupportedValue(field: "tool_choice.type", value: type, supported: "\"function\"")
            }
            guard let function = value.relayMember("function") else { throw .missingField(field: "tool_choice.function") }
            try function.relayRequireObject("tool_choice.function")
            guard let nameValue = function.relayMember("name") else { throw .missingField(field: "tool_choice.function.name") }
            let name = try nameValue.relayString("tool_choice.function.name")
            guard tools.contains(where: { $0.name == name }) else { throw .unknownTool(field: "tool_choice.function.name", name: name) }
            return false
        default:
            throw .wrongType(field: "tool_choice", expected: "\"auto\", \"required\", \"none\" or an object naming a function")
        }
    }

    private static func tool(_ value: AIJSON, field: String) throws(OpenAIRelayError) -> ToolDefinition {
        try value.relayRequireObject(field)
        guard let typeValue = value.relayMember("type") else { throw .missingField(field: "\(field).type") }
        let type = try typeValue.relayString("\(field).type")
        guard type == "function" else { throw .unsupportedValue(field: "\(field).type", value: type, supported: "\"function\"") }
        guard let function = value.relayMember("function") else { throw .missingField(field: "\(field).function") }
        try function.relayRequireObject("\(field).function")
        guard let nameValue = function.relayMember("name") else { throw .missingField(field: "\(field).function.name") }
        let name = try nameValue.relayString("\(field).function.name")
        guard isValidName(name) else {
            throw .unsupportedValue(
                field: "\(field).function.name", value: name, supported: "1–64 letters, digits, underscores or hyphens")
        }
        let description = try function.relayMember("description")?.relayString("\(field).function.description") ?? ""
        var parameters = emptyParameters
        if let schema = function.relayMember("parameters") {
            try schema.relayRequireObject("\(field).function.parameters")
            parameters = schema
        }
        return ToolDefinition(name: name, description: description, parameters: parameters)
    }

    /// The rule ``ChatRequest/validate(for:)`` applies, checked here so the error names the field.
    private static func isValidName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count) else { return false }
        return name.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte == 0x2D
        }
    }
}
