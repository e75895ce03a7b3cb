internal import Foundation

/// Quoted-printable (RFC 2045 §6.7) for UTF-8 text: CRLF line ends, encoded lines of at most 76 characters.
enum QuotedPrintable {
    static let maximumLineLength = 76

    /// `text` with every line break made CRLF, encoded; the result ends without a line break.
    static func encode(_ text: String) -> String {
        var output: [String] = []
        for line in MailText.lines(of: text) {
            output.append(encodeLine(Array(line.utf8)))
        }
        return output.joined(separator: "\r\n")
    }

    /// One line (no line break inside), split with soft breaks (`=` at the end) so no piece passes 76 characters.
    private static func encodeLine(_ bytes: [UInt8]) -> String {
        var lines: [String] = []
        var current = ""
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            let token: String
            if byte == UInt8(ascii: "=") || byte < 32 && byte != 9 || byte > 126 || isLast && (byte == 32 || byte == 9) {
                token = hexEscape(byte)
            } else {
                token = String(UnicodeScalar(byte))
            }
            // Keep room for the soft break "=" unless this is the last token of the line.
            let limit = isLast ? maximumLineLength : maximumLineLength - 1
            if current.utf8.count + token.utf8.count > limit {
                lines.append(current + "=")
                current = ""
            }
            current += token
        }
        lines.append(current)
        return lines.joined(separator: "\r\n")
    }

    private static func hexEscape(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "=" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}

/// Line handling shared by the renderer and the encoders.
enum MailText {
    /// The lines of `text`, whatever its line breaks (CRLF, LF or CR); a final line break adds no empty line.
    static func lines(of text: String) -> [Substring] {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var lines = normalized.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
