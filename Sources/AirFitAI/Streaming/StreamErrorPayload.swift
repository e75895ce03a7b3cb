/// An error object found inside a stream, in any of the shapes providers use.
struct StreamErrorPayload: Sendable, Hashable {
    var code: String?
    var message: String

    /// Reads `{"message": ..., "code": ..., "type": ..., "status": ...}` or a bare string.
    ///
    /// The code is the provider's `code` (string or number) or else its `type`/`status`;
    /// `preferStatus` puts `status` first (Gemini, whose `code` is only the HTTP status).
    /// - Returns: `nil` for `null` or any other value.
    static func read(_ scanner: inout JSONScanner, preferStatus: Bool = false) throws(JSONSyntaxError) -> Self? {
        switch scanner.peek() {
        case UInt8(ascii: "\""):
            return StreamErrorPayload(code: nil, message: try scanner.readStringToken().decoded())
        case UInt8(ascii: "{"):
            var message: String?
            var code: String?
            var type: String?
            var status: String?
            var state = try scanner.beginObject()
            while let key = try scanner.nextKey(&state) {
                switch key {
                case "message": message = try scanner.readString()
                case "code": code = try readCode(&scanner)
                case "type": type = try scanner.readString()
                case "status": status = try scanner.readString()
                default: try scanner.skipValue()
                }
            }
            let resolved = preferStatus ? (status ?? code ?? type) : (code ?? type ?? status)
            return StreamErrorPayload(code: resolved, message: message ?? "")
        default:
            try scanner.skipValue()
            return nil
        }
    }

    /// A code that may be a string or a number.
    private static func readCode(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> String? {
        let first = scanner.peek()
        if first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39) {
            return String(decoding: try scanner.readNumberToken(), as: UTF8.self)
        }
        return try scanner.readString()
    }

    /// The events that report this error.
    var events: [StreamEvent] {
        [.error(code: code, message: message), .finish(.error)]
    }
}
