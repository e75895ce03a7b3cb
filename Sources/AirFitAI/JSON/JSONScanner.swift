/// The input is not valid JSON (RFC 8259) at `offset`.
public struct JSONSyntaxError: Error, Sendable, Hashable {
    /// Byte offset of the first byte that does not fit the grammar.
    public let offset: Int
}

/// A validating, allocation-free JSON reader over a byte buffer.
///
/// Decoders walk a document with it, reading only the members they need and skipping the rest; skipped
/// values are still fully validated, so a malformed document always throws. The buffer must outlive
/// the scanner.
struct JSONScanner {
    /// Iteration state for ``nextKey(_:)``.
    struct ObjectState { fileprivate var first = true }
    /// Iteration state for ``nextElement(_:)``.
    struct ArrayState { fileprivate var first = true }

    static let maxDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next unread byte (advanced by the extensions in this folder too).
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: Structure

    /// The next non-blank byte without consuming it; 0 at the end.
    @inline(__always)
    mutating func peek() -> UInt8 {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : 0
    }

    /// Succeeds only when nothing but whitespace is left.
    mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position == bytes.count else { throw JSONSyntaxError(offset: position) }
    }

    /// Consumes `{`.
    mutating func beginObject() throws(JSONSyntaxError) -> ObjectState {
        try consume(UInt8(ascii: "{"))
        return ObjectState()
    }

    /// The next member's key, leaving the scanner at its value; `nil` after the closing `}`.
    mutating func nextKey(_ state: inout ObjectState) throws(JSONSyntaxError) -> JSONStringToken? {
        if peek() == UInt8(ascii: "}") {
            position += 1
            return nil
        }
        if state.first {
            state.first = false
        } else {
            try consume(UInt8(ascii: ","))
            skipWhitespace()
        }
        let key = try readStringToken()
        try consume(UInt8(ascii: ":"))
        skipWhitespace()
        return key
    }

    /// Consumes `[`.
    mutating func beginArray() throws(JSONSyntaxError) -> ArrayState {
        try consume(UInt8(ascii: "["))
        return ArrayState()
    }

    /// Moves to the next element; `false` after the closing `]`.
    mutating func nextElement(_ state: inout ArrayState) throws(JSONSyntaxError) -> Bool {
        if peek() == UInt8(ascii: "]") {
            position += 1
            return false
        }
        if state.first {
            state.first = false
        } else {
            try consume(UInt8(ascii: ","))
            skipWhitespace()
        }
        return true
    }

    // MARK: Typed reads (a value of another type is skipped and reads as nil)

    /// A string value, or `nil` for any other value.
    mutating func readString() throws(JSONSyntaxError) -> String? {
        guard peek() == UInt8(ascii: "\"") else {
            try skipValue()
            return nil
        }
        return try readStringToken().decoded()
    }

    /// A string value as raw token, or `nil` for any other value.
    mutating func readStringTokenIfPresent() throws(JSONSyntaxError) -> JSONStringToken? {
        guard peek() == UInt8(ascii: "\"") else {
            try skipValue()
            return nil
        }
        return try readStringToken()
    }

    /// An integral number value, or `nil` for any other value (or a non-integral number).
    mutating func readInt() throws(JSONSyntaxError) -> Int? {
        let first = peek()
        guard first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39) else {
            try skipValue()
            return nil
        }
        let raw = try readNumberToken()
        return JSONNumber.integer(raw)
    }

    /// A boolean value, or `nil` for any other value.
    mutating func readBool() throws(JSONSyntaxError) -> Bool? {
        switch peek() {
        case UInt8(ascii: "t"):
            try consumeLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try consumeLiteral("false")
            return false
        default:
            try skipValue()
            return nil
        }
    }

    /// Whether the next value is `null` (consuming it when it is).
    mutating func readNull() throws(JSONSyntaxError) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try consumeLiteral("null")
        return true
    }

    /// Skips one value and returns its exact source bytes.
    mutating func readRawValue() throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8> {
        skipWhitespace()
        let start = position
        try skipValue()
        return UnsafeBufferPointer(rebasing: bytes[start..<position])
    }

    /// The raw text of a number, validated against the JSON grammar.
    mutating func readNumberToken() throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8> {
        skipWhitespace()
        let start = position
        if byte(at: position) == UInt8(ascii: "-") { position += 1 }
        if byte(at: position) == UInt8(ascii: "0") {
            position += 1
        } else {
            try skipDigits()
        }
        if byte(at: position) == UInt8(ascii: ".") {
            position += 1
            try skipDigits()
        }
        let e = byte(at: position)
        if e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            position += 1
            let sign = byte(at: position)
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            try skipDigits()
        }
        return UnsafeBufferPointer(rebasing: bytes[start..<position])
    }

    // MARK: Skipping

    /// Skips one complete, valid value.
    mutating func skipValue() throws(JSONSyntaxError) {
        try skipValue(depth: 0)
    }

    private mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
        guard depth < Self.maxDepth else { throw JSONSyntaxError(offset: position) }
        switch peek() {
        case UInt8(ascii: "\""):
            _ = try readStringToken()
        case UInt8(ascii: "{"):
            var state = try beginObject()
            while try nextKey(&state) != nil { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            var state = try beginArray()
            while try nextElement(&state) { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"):
            try consumeLiteral("true")
        case UInt8(ascii: "f"):
            try consumeLiteral("false")
        case UInt8(ascii: "n"):
            try consumeLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try readNumberToken()
        default:
            throw JSONSyntaxError(offset: position)
        }
    }

    // MARK: Primitives

    @inline(__always)
    func byte(at index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        let count = bytes.count
        while position < count {
            let b = bytes[position]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            position += 1
        }
    }

    @inline(__always)
    private mutating func consume(_ expected: UInt8) throws(JSONSyntaxError) {
        guard peek() == expected else { throw JSONSyntaxError(offset: position) }
        position += 1
    }

    private mutating func consumeLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let length = literal.utf8CodeUnitCount
        guard position + length <= bytes.count,
            ByteSearch.equals(UnsafeBufferPointer(rebasing: bytes[position..<position + length]), literal)
        else { throw JSONSyntaxError(offset: position) }
        position += length
    }

    private mutating func skipDigits() throws(JSONSyntaxError) {
        let start = position
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
        guard position > start else { throw JSONSyntaxError(offset: position) }
    }
}
