import AirFitAI
import Testing

/// One refused request: the body's JSON, and what the caller must see.
struct RefusedRequest: Sendable, CustomTestStringConvertible {
    var body: String
    var error: OpenAIRelayError
    var message: String
    var param: String?

    var testDescription: String { message }

    /// A body with `user: Hi` as messages, plus `extra` members (text after a comma).
    static func with(_ extra: String, _ error: OpenAIRelayError, _ message: String, _ param: String?) -> RefusedRequest {
        RefusedRequest(
            body: #"{"model":"m","messages":[{"role":"user","content":"Hi"}],"# + extra + "}", error: error, message: message, param: param)
    }

    /// A body with `messages` as given.
    static func messages(_ messages: String, _ error: OpenAIRelayError, _ message: String, _ param: String?) -> RefusedRequest {
        RefusedRequest(body: #"{"model":"m","messages":"# + messages + "}", error: error, message: message, param: param)
    }
}

@Suite("OpenAI request errors")
struct OpenAIRequestErrorTests {
    static let cases: [RefusedRequest] = [
        RefusedRequest(
            body: "{\"model\":", error: .invalidJSON,
            message: "The request body is not valid JSON; send a JSON object with model and messages.", param: nil),
        RefusedRequest(
            body: "[1,2]", error: .notAnObject, message: "The request body must be a JSON object with model and messages.", param: nil),
        RefusedRequest(
            body: #"{"messages":[{"role":"user","content":"Hi"}]}"#, error: .missingField(field: "model"), message: "model is required.",
            param: "model"),
        RefusedRequest(
            body: #"{"model":"  ","messages":[{"role":"user","content":"Hi"}]}"#, error: .emptyField(field: "model"),
            message: "model must not be empty.", param: "model"),
        RefusedRequest(
            body: #"{"model":7,"messages":[{"role":"user","content":"Hi"}]}"#, error: .wrongType(field: "model", expected: "a string"),
            message: "model must be a string.", param: "model"),
        RefusedRequest(
            body: #"{"model":"m"}"#, error: .missingField(field: "messages"), message: "messages is required.", param: "messages"),
        .messages("[]", .emptyField(field: "messages"), "messages must not be empty.", "messages"),
        .messages(#"{"role":"user"}"#, .wrongType(field: "messages", expected: "an array"), "messages must be an array.", "messages"),
        .messages(
            #"[{"role":"system","content":"Be brief."}]"#, .noConversation,
            "messages must hold at least one user, assistant or tool message besides system and developer messages.", "messages"),
        .with(
            #""temperature":2.5"#, .outOfRange(field: "temperature", value: "2.5", allowed: "a number from 0 to 2"),
            "temperature 2.5 is out of range; use a number from 0 to 2.", "temperature"),
        .with(
            #""temperature":1e400"#, .outOfRange(field: "temperature", value: "1e400", allowed: "a number from 0 to 2"),
            "temperature 1e400 is out of range; use a number from 0 to 2.", "temperature"),
        .with(
            #""temperature":-0.1"#, .outOfRange(field: "temperature", value: "-0.1", allowed: "a number from 0 to 2"),
            "temperature -0.1 is out of range; use a number from 0 to 2.", "temperature"),
        .with(
            #""temperature":"hot""#, .wrongType(field: "temperature", expected: "a number from 0 to 2"),
            "temperature must be a number from 0 to 2.", "temperature"),
        .with(
            #""max_tokens":0"#, .outOfRange(field: "max_tokens", value: "0", allowed: "an integer from 1 to 1000000"),
            "max_tokens 0 is out of range; use an integer from 1 to 1000000.", "max_tokens"),
        .with(
            #""max_tokens":12.5"#, .outOfRange(field: "max_tokens", value: "12.5", allowed: "an integer from 1 to 1000000"),
            "max_tokens 12.5 is out of range; use an integer from 1 to 1000000.", "max_tokens"),
        .with(
            #""max_completion_tokens":1000001"#,
            .outOfRange(field: "max_completion_tokens", value: "1000001", allowed: "an integer from 1 to 1000000"),
            "max_completion_tokens 1000001 is out of range; use an integer from 1 to 1000000.", "max_completion_tokens"),
        .with(
            #""max_tokens":1e400"#, .outOfRange(field: "max_tokens", value: "1e400", allowed: "an integer from 1 to 1000000"),
            "max_tokens 1e400 is out of range; use an integer from 1 to 1000000.", "max_tokens"),
        .with(
            #""n":2"#, .unsupportedValue(field: "n", value: "2", supported: "1 (AirFit returns one choice)"),
            "n \"2\" is not supported; use 1 (AirFit returns one choice).", "n"),
        .with(
            #""logprobs":true"#, .unsupportedFeature(field: "logprobs", feature: "logprobs"),
            "logprobs is not supported; remove logprobs from the request.", "logprobs"),
        .with(
            #""response_format":{"type":"json_schema","json_schema":{"name":"x"}}"#,
            .unsupportedValue(field: "response_format.type", value: "json_schema", supported: "\"text\" or leave response_format out"),
            "response_format.type \"json_schema\" is not supported; use \"text\" or leave response_format out.", "response_format.type"),
        .with(
            #""stream":"yes""#, .wrongType(field: "stream", expected: "true or false"), "stream must be true or false.", "stream"),
        .with(
            #""stream_options":true"#, .wrongType(field: "stream_options", expected: "an object"), "stream_options must be an object.",
            "stream_options"),
        .messages(
            #"[{"content":"Hi"}]"#, .missingField(field: "messages[0].role"), "messages[0].role is required.", "messages[0].role"),
        .messages(
            #"[{"role":"function","content":"Hi"}]"#,
            .unsupportedValue(field: "messages[0].role", value: "function", supported: "system, developer, user, assistant or tool"),
            "messages[0].role \"function\" is not supported; use system, developer, user, assistant or tool.", "messages[0].role"),
        .messages(
            #"[{"role":"user"}]"#, .missingField(field: "messages[0].content"), "messages[0].content is required.", "messages[0].content"),
        .messages(
            #"[{"role":"user","content":5}]"#,
            .wrongType(field: "messages[0].content", expected: "a string or an array of text parts"),
            "messages[0].content must be a string or an array of text parts.", "messages[0].content"),
        .messages(
            #"[{"role":"user","content":[{"type":"text","text":"Look"},{"type":"image_url","image_url":{"url":"https://x/y.png"}}]}]"#,
            .unsupportedContent(field: "messages[0].content[1].type", type: "image_url"),
            "images, audio and files are not supported: messages[0].content[1].type is of type \"image_url\"; send text parts only.",
            "messages[0].content[1].type"),
        .messages(
            #"[{"role":"user","content":[{"type":"input_audio","input_audio":{"data":"AAAA","format":"wav"}}]}]"#,
            .unsupportedContent(field: "messages[0].content[0].type", type: "input_audio"),
            "images, audio and files are not supported: messages[0].content[0].type is of type \"input_audio\"; send text parts only.",
            "messages[0].content[0].type"),
        .messages(
            #"[{"role":"user","content":[{"type":"file","file":{"file_id":"f1"}}]}]"#,
            .unsupportedContent(field: "messages[0].content[0].type", type: "file"),
            "images, audio and files are not supported: messages[0].content[0].type is of type \"file\"; send text parts only.",
            "messages[0].content[0].type"),
        .messages(
            #"[{"role":"assistant","content":null}]"#, .missingField(field: "messages[0].content"), "messages[0].content is required.",
            "messages[0].content"),
        .messages(
            #"[{"role":"user","content":"Hi"},"#
                + #"{"role":"assistant","content":null,"tool_calls":[{"type":"function","function":{"name":"f"}}]}]"#,
            .missingField(field: "messages[1].tool_calls[0].id"), "messages[1].tool_calls[0].id is required.",
            "messages[1].tool_calls[0].id"),
        .messages(
            #"[{"role":"user","content":"Hi"},{"role":"assistant","tool_calls":[{"id":"c1","function":{"name":"f"}}]},"#
                + #"{"role":"tool","tool_call_id":"call_9","content":"x"}]"#,
            .unknownToolCall(field: "messages[2].tool_call_id", id: "call_9"),
            "messages[2].tool_call_id \"call_9\" does not answer any earlier tool call.", "messages[2].tool_call_id"),
        .messages(
            #"[{"role":"tool","content":"x"}]"#, .missingField(field: "messages[0].tool_call_id"), "messages[0].tool_call_id is required.",
            "messages[0].tool_call_id"),
        .with(
            #""tools":[{"type":"code_interpreter"}]"#,
            .unsupportedValue(field: "tools[0].type", value: "code_interpreter", supported: "\"function\""),
            "tools[0].type \"code_interpreter\" is not supported; use \"function\".", "tools[0].type"),
        .with(
            #""tools":[{"type":"function","function":{"name":"bad name"}}]"#,
            .unsupportedValue(
                field: "tools[0].function.name", value: "bad name", supported: "1–64 letters, digits, underscores or hyphens"),
            "tools[0].function.name \"bad name\" is not supported; use 1–64 letters, digits, underscores or hyphens.",
            "tools[0].function.name"),
        .with(
            #""tools":[{"type":"function","function":{"name":"f","parameters":"{}"}}]"#,
            .wrongType(field: "tools[0].function.parameters", expected: "an object"), "tools[0].function.parameters must be an object.",
            "tools[0].function.parameters"),
        .with(
            #""tools":[{"type":"function","function":{"name":"f"}},{"type":"function","function":{"name":"f"}}]"#,
            .duplicateTool(field: "tools[1].function.name", name: "f"),
            "tools[1].function.name \"f\" is defined twice; give each tool its own name.", "tools[1].function.name"),
        .with(
            #""tools":[{"type":"function","function":{"name":"f"}}],"tool_choice":"any""#,
            .unsupportedValue(field: "tool_choice", value: "any", supported: "\"auto\", \"required\", \"none\" or a function"),
            "tool_choice \"any\" is not supported; use \"auto\", \"required\", \"none\" or a function.", "tool_choice"),
        .with(
            #""tools":[{"type":"function","function":{"name":"f"}}],"tool_choice":{"type":"function","function":{"name":"g"}}"#,
            .unknownTool(field: "tool_choice.function.name", name: "g"),
            "tool_choice.function.name \"g\" is not one of the tools in the request.", "tool_choice.function.name"),
    ]

    @Test("a refused request names the field, in OpenAI's param and in a sentence", arguments: cases)
    func refused(_ refused: RefusedRequest) {
        #expect(throws: refused.error) { try decodeRelayRequest(refused.body) }
        #expect(refused.error.message == refused.message)
        #expect(refused.error.param == refused.param)
    }

    @Test("a long value is quoted back cut to 60 characters")
    func longValueIsCut() {
        let id = String(repeating: "x", count: 5000)
        let body =
            #"{"model":"m","messages":[{"role":"user","content":"Hi"},{"role":"tool","tool_call_id":""# + id + #"","content":"r"}]}"#
        do {
            _ = try decodeRelayRequest(body)
            Issue.record("the request was accepted")
        } catch {
            #expect(
                error.message
                    == "messages[1].tool_call_id \"\(String(repeating: "x", count: 60))…\" does not answer any earlier tool call."
            )
            #expect(error.message.count < 150)
        }
    }

    @Test("control characters in a quoted value are shown as spaces")
    func controlCharacters() {
        let error = OpenAIRelayError.unknownToolCall(field: "messages[1].tool_call_id", id: "a\nb\u{7}")
        #expect(error.message == "messages[1].tool_call_id \"a b \" does not answer any earlier tool call.")
    }
}
