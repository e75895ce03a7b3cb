import Foundation

/// A bounded CBOR (RFC 8949) reader for WebAuthn: definite lengths only, integer or text map keys,
/// a nesting limit, and every length checked against the bytes that remain before anything is allocated.
struct CBORDecoder {
    /// Deepest nesting of arrays and maps accepted; WebAuthn structures need 3.
    static let maximumDepth = 8
    /// Most entries accepted in one array or map; WebAuthn's have a handful (this also keeps key checks cheap).
    static let maximumCount = 256

    private let bytes: [UInt8]
    /// Index of the next unread byte.
    private(set) var offset: Int = 0

    init(_ data: Data) {
        self.bytes = [UInt8](data)
    }

    /// Bytes not yet read.
    var remaining: Int { bytes.count - offset }

    /// Decodes exactly one item that must fill all the bytes.
    static func decodeSingle(_ data: Data) throws(WebAuthnError) -> CBORValue {
        var decoder = CBORDecoder(data)
        let value = try decoder.decodeItem()
        guard decoder.remaining == 0 else { throw .malformed("extra bytes after the CBOR data") }
        return value
    }

    /// Reads the next item and advances past it.
    mutating func decodeItem() throws(WebAuthnError) -> CBORValue {
        try decodeItem(depth: 0)
    }

    private mutating func decodeItem(depth: Int) throws(WebAuthnError) -> CBORValue {
        let initial = try readByte()
        let major = initial >> 5
        let info = initial & 0x1f
        if major == 7 { return try decodeSimple(info) }
        let argument = try readArgument(info)
        switch major {
        case 0: return .unsigned(argument)
        case 1: return .negative(argument)
        case 2: return .bytes(Data(try readBytes(count: argument)))
        case 3:
            guard let text = String(validating: try readBytes(count: argument), as: UTF8.self) else {
                throw .malformed("text that is not UTF-8")
            }
            return .text(text)
        case 4:
            let count = try checkedCount(argument, minimumBytesEach: 1, depth: depth)
            var items: [CBORValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try decodeItem(depth: depth + 1)) }
            return .array(items)
        case 5:
            let count = try checkedCount(argument, minimumBytesEach: 2, depth: depth)
            var pairs: [(key: CBORValue, value: CBORValue)] = []
            pairs.reserveCapacity(count)
            for _ in 0..<count {
                let key = try decodeItem(depth: depth + 1)
                switch key {
                case .unsigned, .negative, .text: break
                default: throw .malformed("a map key that is not an integer or text")
                }
                if pairs.contains(where: { $0.key == key }) { throw .malformed("a repeated map key") }
                pairs.append((key, try decodeItem(depth: depth + 1)))
            }
            return .map(pairs)
        default:
            // Major type 6 (tags) is not used by WebAuthn.
            throw .malformed("an unsupported CBOR tag")
        }
    }

    private mutating func decodeSimple(_ info: UInt8) throws(WebAuthnError) -> CBORValue {
        switch info {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 31: throw .malformed("an indefinite-length CBOR item")
        default: throw .malformed("an unsupported CBOR simple value or float")
        }
    }

    /// The count of an array or map, refused when the remaining bytes cannot hold that many items.
    private func checkedCount(_ argument: UInt64, minimumBytesEach: Int, depth: Int) throws(WebAuthnError) -> Int {
        guard depth < Self.maximumDepth else { throw .malformed("CBOR nested too deeply") }
        guard argument <= UInt64(Self.maximumCount) else { throw .malformed("a CBOR array or map with too many entries") }
        guard argument <= UInt64(remaining / minimumBytesEach) else { throw .malformed("a CBOR length past the end of the data") }
        return Int(argument)
    }

    private mutating func readArgument(_ info: UInt8) throws(WebAuthnError) -> UInt64 {
        switch info {
        case 0..<24: return UInt64(info)
        case 24: return try readUInt(byteCount: 1)
        case 25: return try readUInt(byteCount: 2)
        case 26: return try readUInt(byteCount: 4)
        case 27: return try readUInt(byteCount: 8)
        case 31: throw .malformed("an indefinite-length CBOR item")
        default: throw .malformed("a reserved CBOR length encoding")
        }
    }

    private mutating func readByte() throws(WebAuthnError) -> UInt8 {
        guard remaining >= 1 else { throw .malformed("CBOR data ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func readUInt(byteCount: Int) throws(WebAuthnError) -> UInt64 {
        guard remaining >= byteCount else { throw .malformed("CBOR data ends early") }
        var value: UInt64 = 0
        for index in offset..<(offset + byteCount) { value = (value << 8) | UInt64(bytes[index]) }
        offset += byteCount
        return value
    }

    /// Reads `count` bytes, after checking they are there (so a huge declared length never allocates).
    private mutating func readBytes(count: UInt64) throws(WebAuthnError) -> ArraySlice<UInt8> {
        guard count <= UInt64(remaining) else { throw .malformed("a CBOR length past the end of the data") }
        let length = Int(count)
        defer { offset += length }
        return bytes[offset..<(offset + length)]
    }
}
