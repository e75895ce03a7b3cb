/// A JSON document tree that keeps member order and the exact text of numbers.
public enum AIJSON: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its source text so no precision is lost on the way through.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([AIJSON])
    /// Members in document order.
    case object([AIJSONMember])

    /// Parses a complete JSON text.
    /// - Parameter text: UTF-8 JSON; surrounding whitespace is allowed.
    /// - Throws: when the text is not one valid JSON value.
    public init(parsing text: some Collection<UInt8>) throws {
        let result: AIJSON? = try text.withContiguousStorageIfAvailable { try Self.parse($0) }
        if let result {
            self = result
        } else {
            self = try Array(text).withUnsafeBufferPointer { try Self.parse($0) }
        }
    }

    /// Parses a complete JSON text held in a string.
    public init(parsing text: String) throws {
        var text = text
        self = try text.withUTF8 { try Self.parse($0) }
    }

    /// A number value from an integer.
    public static func integer(_ value: Int) -> AIJSON { .number(String(value)) }

    /// The value's compact JSON text.
    public var encoded: String {
        var writer = JSONWriter()
        writer.write(self)
        return writer.string
    }

    static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> AIJSON {
        var scanner = JSONScanner(buffer)
        let value = try parseValue(&scanner, depth: 0)
        try scanner.expectEnd()
        return value
    }

    private static func parseValue(_ scanner: inout JSONScanner, depth: Int) throws(JSONSyntaxError) -> AIJSON {
        guard depth < JSONScanner.maxDepth else { throw JSONSyntaxError(offset: scanner.position) }
        switch scanner.peek() {
        case UInt8(ascii: "{"):
            var members: [AIJSONMember] = []
            var state = try scanner.beginObject()
            while let key = try scanner.nextKey(&state) {
                members.append(AIJSONMember(key.decoded(), try parseValue(&scanner, depth: depth + 1)))
            }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [AIJSON] = []
            var state = try scanner.beginArray()
            while try scanner.nextElement(&state) {
                elements.append(try parseValue(&scanner, depth: depth + 1))
            }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try scanner.readStringToken().decoded())
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return .bool(try scanner.readBool() ?? false)
        case UInt8(ascii: "n"):
            _ = try scanner.readNull()
            return .null
        default:
            return .number(String(decoding: try scanner.readNumberToken(), as: UTF8.self))
        }
    }
}

/// One member of a JSON object.
public struct AIJSONMember: Sendable, Hashable {
    /// The member name.
    public var key: String
    /// The member value.
    public var value: AIJSON

    /// Creates a member.
    public init(_ key: String, _ value: AIJSON) {
        self.key = key
        self.value = value
    }
}
