/// One turn of a conversation sent to a model.
public enum ChatMessage: Sendable, Hashable {
    /// Text from the person.
    case user(String)
    /// An earlier answer from the model, with the tool calls it made (if any).
    case assistant(text: String, toolCalls: [ToolCall] = [])
    /// The result of running one tool call, answering the call with `callID`.
    case toolResult(callID: String, name: String, content: String)
}

/// A tool call the model made, as it is sent back in later turns.
public struct ToolCall: Sendable, Hashable {
    /// The provider's call id (synthesised for providers without ids, such as Gemini and Ollama).
    public var id: String
    /// The tool's name.
    public var name: String
    /// The arguments as a JSON object text.
    public var argumentsJSON: String

    /// Creates a tool call.
    public init(id: String, name: String, argumentsJSON: String) {
        self.id = id
        self.name = name
        self.argumentsJSON = argumentsJSON
    }

    /// The arguments as a JSON object; text that is not an object becomes `{}`.
    var argumentsObject: AIJSON {
        if let value = try? AIJSON(parsing: argumentsJSON), case .object = value { return value }
        return .object([])
    }
}

/// A tool the model may call, described by a JSON Schema for its arguments.
public struct ToolDefinition: Sendable, Hashable {
    /// The tool's name (letters, digits, `_` and `-`).
    public var name: String
    /// What the tool does, for the model.
    public var description: String
    /// A JSON Schema object describing the arguments.
    public var parameters: AIJSON

    /// Creates a tool definition.
    public init(name: String, description: String, parameters: AIJSON) {
        self.name = name
        self.description = description
        self.parameters = parameters
    }
}
