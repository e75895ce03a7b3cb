import Foundation

/// Walks a JSON document as its bytes arrive and hands over each top-level member's value — or, when that value is an
/// array, each of its elements — as raw bytes, so a large export is read one record at a time.
///
/// The scanner checks the structure it walks (where strings, keys, values and elements start and end, and the commas
/// and colons between them); the bytes it hands over are checked by whoever decodes them. It accepts what
/// `JSONDecoder` accepts: a UTF-8 byte-order mark first, and one trailing comma before a closing bracket. Memory is
/// bounded by the largest single value, never by the document.
struct JSONMemberScanner {
    /// What the scanner found, in document order.
    enum Event {
        /// A member whose value is not an array (`member` is nil when the document is not an object: its whole value).
        case value(member: String?, bytes: [UInt8])
        /// A member whose value is an array starts (`member` is nil when the document is itself an array).
        case arrayStart(member: String?)
        /// One element of that array, with its position.
        case element(member: String?, index: Int, bytes: [UInt8])
        /// The array ended after `count` elements.
        case arrayEnd(member: String?, count: Int)
    }

    /// Why the bytes cannot be walked.
    enum Failure: Error, Equatable {
        /// The bytes are not JSON, or the document ended early.
        case malformed
        /// A key or value is longer than the bound: the value of `member` (nil: the document's own value, or a key), or
        /// its element at `index`.
        case tooLarge(member: String?, index: Int?)
    }

    private enum State {
        case start, byteOrderMark1, byteOrderMark2, beforeDocument
        case beforeKey, key, beforeColon, beforeMemberValue, afterMemberValue
        case beforeElement, afterElement
        case capturing, afterDocument
    }

    /// Where the value being captured sits.
    private enum Place { case document, member, element }

    private let maximumValueBytes: Int
    private var state = State.start
    private var documentIsArray = false
    private var member: String?
    private var index = 0
    private var place = Place.document
    private var buffer: [UInt8] = []
    // The value being captured.
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var isScalar = false

    /// Creates a scanner that refuses any single value (or element) longer than `maximumValueBytes`.
    init(maximumValueBytes: Int) {
        self.maximumValueBytes = maximumValueBytes
    }

    /// Scans the next bytes of the document, calling `emit` for everything that completes in them.
    /// - Throws: ``Failure`` when the structure is not JSON or a value is too large, or what `emit` throws.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Event) throws -> Void) throws {
        var position = 0
        let end = bytes.count
        while position < end {
            if state == .capturing || state == .key {
                position = try capture(bytes, from: position, emit)
                continue
            }
            if try step(bytes[position], emit) { position += 1 }
        }
    }

    /// Ends the document.
    /// - Throws: ``Failure/malformed`` when it ended early.
    mutating func finish(_ emit: (Event) throws -> Void) throws {
        if state == .capturing, isScalar, place == .document {
            try endCapture(emit)
        }
        guard state == .afterDocument else { throw Failure.malformed }
    }

    // MARK: Structure

    /// Takes one byte of structure.
    /// - Returns: false when the byte starts a value and is left for ``capture(_:from:_:)``.
    private mutating func step(_ byte: UInt8, _ emit: (Event) throws -> Void) throws -> Bool {
        switch state {
        case .start:
            if byte == 0xEF {
                state = .byteOrderMark1
            } else {
                state = .beforeDocument
                return try step(byte, emit)
            }
        case .byteOrderMark1:
            guard byte == 0xBB else { throw Failure.malformed }
            state = .byteOrderMark2
        case .byteOrderMark2:
            guard byte == 0xBF else { throw Failure.malformed }
            state = .beforeDocument
        case .beforeDocument:
            if Self.isWhitespace(byte) { return true }
            switch byte {
            case UInt8(ascii: "{"): state = .beforeKey
            case UInt8(ascii: "["):
                documentIsArray = true
                try startArray(emit)
            default:
                startCapture(byte, at: .document)
                return false
            }
        case .beforeKey:
            if Self.isWhitespace(byte) { return true }
            switch byte {
            case UInt8(ascii: "\""):
                buffer.removeAll(keepingCapacity: true)
                buffer.append(byte)
                inString = true
                escaped = false
                state = .key
            case UInt8(ascii: "}"): state = .afterDocument
            default: throw Failure.malformed
            }
        case .beforeColon:
            if Self.isWhitespace(byte) { return true }
            guard byte == UInt8(ascii: ":") else { throw Failure.malformed }
            state = .beforeMemberValue
        case .beforeMemberValue:
            if Self.isWhitespace(byte) { return true }
            switch byte {
            case UInt8(ascii: "["): try startArray(emit)
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): throw Failure.malformed
            default:
                startCapture(byte, at: .member)
                return false
            }
        case .afterMemberValue:
            if Self.isWhitespace(byte) { return true }
            switch byte {
            case UInt8(ascii: ","): state = .beforeKey
            case UInt8(ascii: "}"): state = .afterDocument
            default: throw Failure.malformed
            }
        case .beforeElement:
            if Self.isWhitespace(byte) { return true }
            switch byte {
            case UInt8(ascii: "]"): try endArray(emit)
            case UInt8(ascii: ","), UInt8(ascii: "}"): throw Failure.malformed
            default:
                startCapture(byte, at: .element)
                return false
            }
        case .afterElement:
            if Self.isWhitespace(byte) { return true }
            switch byte {
            case UInt8(ascii: ","): state = .beforeElement
            case UInt8(ascii: "]"): try endArray(emit)
            default: throw Failure.malformed
            }
        case .afterDocument:
            guard Self.isWhitespace(byte) else { throw Failure.malformed }
        case .key, .capturing:
            preconditionFailure("captured bytes are scanned by capture(_:from:_:)")
        }
        return true
    }

    private mutating func startArray(_ emit: (Event) throws -> Void) throws {
        index = 0
        state = .beforeElement
        try emit(.arrayStart(member: documentIsArray ? nil : member))
    }

    private mutating func endArray(_ emit: (Event) throws -> Void) throws {
        try emit(.arrayEnd(member: documentIsArray ? nil : member, count: index))
        state = documentIsArray ? .afterDocument : .afterMemberValue
    }

    // MARK: Capturing values and keys

    /// Starts capturing a value whose first byte is `byte` (left for the capture loop to read).
    private mutating func startCapture(_ byte: UInt8, at place: Place) {
        self.place = place
        buffer.removeAll(keepingCapacity: true)
        depth = 0
        inString = false
        escaped = false
        isScalar = byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "{") && byte != UInt8(ascii: "[")
        state = .capturing
    }

    /// Copies bytes of the value (or key) being captured until it ends or the bytes run out.
    /// - Returns: the position after the last byte consumed.
    private mutating func capture(_ bytes: UnsafeRawBufferPointer, from start: Int, _ emit: (Event) throws -> Void) throws -> Int {
        var position = start
        let end = bytes.count
        var ended = false
        scan: while position < end {
            let byte = bytes[position]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 {
                        position += 1
                        ended = true
                        break scan
                    }
                }
            } else if isScalar {
                switch byte {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D:
                    ended = true  // the delimiter belongs to the structure around the value
                    break scan
                default: break
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        position += 1
                        ended = true
                        break scan
                    }
                default: break
                }
            }
            position += 1
        }
        guard buffer.count + (position - start) <= maximumValueBytes else { throw tooLarge() }
        buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        if ended {
            if state == .key {
                try endKey()
            } else {
                try endCapture(emit)
            }
        }
        return position
    }

    private mutating func endKey() throws {
        // Decoded as JSONDecoder decodes keys, escapes and all.
        guard let name = try? JSONDecoder().decode(String.self, from: Data(buffer)) else { throw Failure.malformed }
        member = name
        state = .beforeColon
    }

    private mutating func endCapture(_ emit: (Event) throws -> Void) throws {
        switch place {
        case .document:
            state = .afterDocument
            try emit(.value(member: nil, bytes: buffer))
        case .member:
            state = .afterMemberValue
            try emit(.value(member: member, bytes: buffer))
        case .element:
            state = .afterElement
            let position = index
            index += 1
            try emit(.element(member: documentIsArray ? nil : member, index: position, bytes: buffer))
        }
    }

    private func tooLarge() -> Failure {
        if state == .key || documentIsArray || place == .document { return .tooLarge(member: nil, index: nil) }
        return .tooLarge(member: member, index: place == .element ? index : nil)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
