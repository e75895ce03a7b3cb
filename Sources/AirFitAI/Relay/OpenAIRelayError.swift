/// Why an OpenAI chat-completions request could not be accepted.
///
/// Each case names the offending field as OpenAI's `param` would (`messages[2].tool_call_id`); ``message`` is a
/// sentence a developer can act on. Values quoted from the request are cut to about 60 characters, so a large
/// input is never echoed back.
public enum OpenAIRelayError: Error, Equatable, Sendable {
    /// The body is not valid JSON.
    case invalidJSON
    /// The body is JSON but not an object.
    case notAnObject
    /// A required field is absent (or `null`).
    case missingField(field: String)
    /// A field that must not be empty is empty.
    case emptyField(field: String)
    /// A field has the wrong JSON type; `expected` describes the right one ("a string").
    case wrongType(field: String, expected: String)
    /// A number is outside its range; `value` is the number as sent, `allowed` the range in words.
    case outOfRange(field: String, value: String, allowed: String)
    /// A field has a value AirFit does not support; `supported` lists what it does.
    case unsupportedValue(field: String, value: String, supported: String)
    /// A feature AirFit cannot relay (`logprobs`).
    case unsupportedFeature(field: String, feature: String)
    /// A content part that is not text (`image_url`, `input_audio`, `file`).
    case unsupportedContent(field: String, type: String)
    /// A tool message answers a tool call id no earlier assistant message made.
    case unknownToolCall(field: String, id: String)
    /// `tool_choice` names a function that is not in `tools`.
    case unknownTool(field: String, name: String)
    /// Two tools share a name.
    case duplicateTool(field: String, name: String)
    /// The messages hold only system or developer messages.
    case noConversation

    /// A sentence that says what is wrong and how to fix it, naming the field.
    public var message: String {
        switch self {
        case .invalidJSON:
            "The request body is not valid JSON; send a JSON object with model and messages."
        case .notAnObject:
            "The request body must be a JSON object with model and messages."
        case .missingField(let field):
            "\(field) is required."
        case .emptyField(let field):
            "\(field) must not be empty."
        case .wrongType(let field, let expected):
            "\(field) must be \(expected)."
        case .outOfRange(let field, let value, let allowed):
            "\(field) \(Self.quoted(value, quotes: false)) is out of range; use \(allowed)."
        case .unsupportedValue(let field, let value, let supported):
            "\(field) \(Self.quoted(value)) is not supported; use \(supported)."
        case .unsupportedFeature(let field, let feature):
            "\(feature) is not supported; remove \(field) from the request."
        case .unsupportedContent(let field, let type):
            "images, audio and files are not supported: \(field) is of type \(Self.quoted(type)); send text parts only."
        case .unknownToolCall(let field, let id):
            "\(field) \(Self.quoted(id)) does not answer any earlier tool call."
        case .unknownTool(let field, let name):
            "\(field) \(Self.quoted(name)) is not one of the tools in the request."
        case .duplicateTool(let field, let name):
            "\(field) \(Self.quoted(name)) is defined twice; give each tool its own name."
        case .noConversation:
            "messages must hold at least one user, assistant or tool message besides system and developer messages."
        }
    }

    /// The request field at fault, as OpenAI's error `param` (`nil` when the whole body is at fault).
    public var param: String? {
        switch self {
        case .invalidJSON, .notAnObject: nil
        case .noConversation: "messages"
        case .missingField(let field), .emptyField(let field), .wrongType(let field, _), .outOfRange(let field, _, _),
            .unsupportedValue(let field, _, _), .unsupportedFeature(let field, _), .unsupportedContent(let field, _),
            .unknownToolCall(let field, _), .unknownTool(let field, _), .duplicateTool(let field, _):
            field
        }
    }

    /// The longest value quoted back, in characters.
    static let quoteLimit = 60

    /// `value` cut to ``quoteLimit`` characters (with `…` when cut), control characters shown as spaces.
    static func quoted(_ value: String, quotes: Bool = true) -> String {
        var text = String(value.prefix(quoteLimit))
        if !value.dropFirst(quoteLimit).isEmpty { text += "…" }
        text = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
        return quotes ? "\"\(text)\"" : text
    }
}
