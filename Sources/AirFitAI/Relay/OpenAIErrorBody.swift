/// OpenAI's error object, `{"error":{"message","type","param","code"}}`, as a body or as a stream frame.
public enum OpenAIErrorBody {
    /// The error object as compact JSON text.
    /// - Parameters:
    ///   - message: a sentence a developer can act on (never a secret).
    ///   - type: OpenAI's error type (`invalid_request_error`, `authentication_error`, `rate_limit_error`, `api_error`).
    ///   - param: the request field at fault, or `nil`.
    ///   - code: a machine-readable code, or `nil`.
    public static func json(message: String, type: String, param: String?, code: String?) -> String {
        AIJSON.object([
            AIJSONMember(
                "error",
                .object([
                    AIJSONMember("message", .string(message)),
                    AIJSONMember("type", .string(type)),
                    AIJSONMember("param", param.map(AIJSON.string) ?? .null),
                    AIJSONMember("code", code.map(AIJSON.string) ?? .null),
                ]))
        ]).encoded
    }

    /// The same object as one server-sent event frame, `data: {...}\n\n`: what OpenAI sends when a stream fails
    /// midway (the official SDKs raise it as an `APIError`).
    public static func streamFrame(message: String, type: String, param: String?, code: String?) -> String {
        "data: " + json(message: message, type: type, param: param, code: code) + "\n\n"
    }
}
