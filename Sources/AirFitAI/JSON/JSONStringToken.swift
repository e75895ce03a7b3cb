/// The raw bytes of a JSON string (between the quotes), borrowed from the scanned buffer.
struct JSONStringToken {
    let bytes: UnsafeBufferPointer<UInt8>
    let hasEscapes: Bool

    /// Whether the string is empty.
    var isEmpty: Bool { bytes.isEmpty }

    /// The decoded string; invalid UTF-8 and lone surrogates become U+FFFD.
    func decoded() -> String {
        guard hasEscapes else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: unescapedBytes(), as: UTF8.self)
    }

    /// Whether the decoded string equals `literal` (an ASCII literal without escapes).
    @inline(__always)
    func equals(_ literal: StaticString) -> Bool {
        if hasEscapes { return decoded() == literal.description }
        return ByteSearch.equals(bytes, literal)
    }

    /// Lets a `switch` match keys against string literals.
    static func ~= (pattern: StaticString, token: JSONStringToken) -> Bool {
        token.equals(pattern)
    }

    /// The string with escapes resolved, as UTF-8.
    func unescapedBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        let count = bytes.count
        while index < count {
            let b = bytes[index]
            guard b == UInt8(ascii: "\\"), index + 1 < count else {
                out.append(b)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(at: index) ?? 0xFFFD
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must pair with a following \uDC00–\uDFFF.
                    if index + 6 <= count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                        let low = hex4(at: index + 2), (0xDC00...0xDFFF).contains(low)
                    {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    scalar = 0xFFFD
                }
                appendUTF8(scalar, to: &out)
            default:
                out.append(escape)
            }
        }
        return out
    }

    private func hex4(at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = Self.hexValue(bytes[index + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func appendUTF8(_ value: UInt32, to out: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            out.append(UInt8(value))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | value >> 6))
            out.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | value >> 12))
            out.append(UInt8(0x80 | value >> 6 & 0x3F))
            out.append(UInt8(0x80 | value & 0x3F))
        default:
            out.append(UInt8(0xF0 | value >> 18))
            out.append(UInt8(0x80 | value >> 12 & 0x3F))
            out.append(UInt8(0x80 | value >> 6 & 0x3F))
            out.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// The value of one hexadecimal digit.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
