internal import Foundation

/// RFC 2047 encoded-words (`=?UTF-8?B?...?=`) for header text that is not plain ASCII.
enum EncodedWord {
    /// An encoded-word may be at most 75 characters long.
    static let maximumLength = 75

    /// Whether `text` can go into a header as it is: printable ASCII and spaces, and nothing that looks like an encoded-word.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 32 && $0 < 127 } && !text.contains("=?")
    }

    /// At most 36 bytes a word (60 characters encoded), so `Subject: ` and a word fit in 78 characters.
    static let maximumBytes = 36

    /// `text` as encoded-words, each within 75 characters (60 in practice), never splitting a character's bytes.
    static func encode(_ text: String) -> [String] {
        let prefix = "=?UTF-8?B?"
        let suffix = "?="
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > maximumBytes, !chunk.isEmpty {
                words.append(prefix + Data(chunk).base64EncodedString() + suffix)
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(prefix + Data(chunk).base64EncodedString() + suffix) }
        return words
    }

    /// Reverses `encode` (B and Q forms, any case) for display; text that is not an encoded-word is kept.
    ///
    /// The space between two encoded-words is dropped, as RFC 2047 §6.2 asks.
    static func decode(_ value: String) -> String {
        var result = ""
        var previousWasEncoded = false
        for (index, piece) in value.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if let decoded = decodeWord(String(piece)) {
                if index > 0 && !previousWasEncoded { result += " " }
                result += decoded
                previousWasEncoded = true
            } else {
                if index > 0 { result += " " }
                result += piece
                previousWasEncoded = false
            }
        }
        return result
    }

    private static func decodeWord(_ word: String) -> String? {
        let parts = word.split(separator: "?", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == "=", parts[4] == "=", parts[1].lowercased() == "utf-8" else { return nil }
        switch parts[2].uppercased() {
        case "B":
            return Data(base64Encoded: String(parts[3])).flatMap { String(data: $0, encoding: .utf8) }
        case "Q":
            var bytes: [UInt8] = []
            var iterator = Array(parts[3].utf8).makeIterator()
            while let byte = iterator.next() {
                if byte == UInt8(ascii: "_") {
                    bytes.append(32)
                } else if byte == UInt8(ascii: "="), let high = iterator.next(), let low = iterator.next(),
                    let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
                {
                    bytes.append(value)
                } else {
                    bytes.append(byte)
                }
            }
            return String(validating: bytes, as: UTF8.self)
        default:
            return nil
        }
    }
}
