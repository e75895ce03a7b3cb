extension JSONScanner {
    /// Reads a string token, validating escapes and rejecting raw control characters.
    ///
    /// Ordinary bytes are skipped eight at a time: a word is examined for `"`, `\\` or a control
    /// byte with SWAR arithmetic and only the first flagged byte is looked at individually.
    mutating func readStringToken() throws(JSONSyntaxError) -> JSONStringToken {
        let count = bytes.count
        guard position < count, let base = bytes.baseAddress, base[position] == UInt8(ascii: "\"") else {
            throw JSONSyntaxError(offset: position)
        }
        let start = position + 1
        var index = start
        var hasEscapes = false
        let raw = UnsafeRawPointer(base)
        while true {
            while index + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let flags = Self.specialBytes(in: word)
                if flags != 0 {
                    index += flags.trailingZeroBitCount >> 3
                    break
                }
                index += 8
            }
            guard index < count else { throw JSONSyntaxError(offset: index) }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return JSONStringToken(
                    bytes: UnsafeBufferPointer(start: base + start, count: index - start), hasEscapes: hasEscapes)
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position = index
                try skipEscape()
                index = position
            } else if byte < 0x20 {
                throw JSONSyntaxError(offset: index)
            } else {
                index += 1
            }
        }
    }

    /// The high bit of each byte of `word` that is `"`, `\\` or below 0x20 (exact for the lowest one).
    @inline(__always)
    private static func specialBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let isQuote = (quotes &- ones) & ~quotes
        let isBackslash = (backslashes &- ones) & ~backslashes
        let isControl = (word &- ones &* 0x20) & ~word
        return (isQuote | isBackslash | isControl) & (ones &* 0x80)
    }

    private mutating func skipEscape() throws(JSONSyntaxError) {
        position += 1
        switch byte(at: position) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            for _ in 0..<4 {
                guard JSONStringToken.hexValue(byte(at: position)) != nil else {
                    throw JSONSyntaxError(offset: position)
                }
                position += 1
            }
        default:
            throw JSONSyntaxError(offset: position)
        }
    }
}
