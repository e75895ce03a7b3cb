internal import Foundation

extension OutboxReader {
    /// The plain-text part of a message as `FileOutbox` wrote it, decoded: what `airfit mail outbox --open N` prints,
    /// so a person without SMTP can read the email and follow its link.
    public static func plainText(of message: String) -> String {
        let (headers, body) = split(message)
        let type = (headers["content-type"] ?? "text/plain").lowercased()
        if type.hasPrefix("multipart/"), let boundary = boundary(in: headers["content-type"] ?? "") {
            for part in body.components(separatedBy: "--" + boundary).dropFirst() {
                if part.hasPrefix("--") { break }
                // Each part starts after the boundary line's own CRLF.
                let (partHeaders, partBody) = split(part.hasPrefix("\r\n") ? String(part.dropFirst(2)) : part)
                if (partHeaders["content-type"] ?? "text/plain").lowercased().hasPrefix("text/plain") {
                    return decode(partBody, encoding: partHeaders["content-transfer-encoding"])
                }
            }
            return ""
        }
        return decode(body, encoding: headers["content-transfer-encoding"])
    }

    /// The headers (names lowercased) and the body after the first empty line.
    private static func split(_ text: String) -> (headers: [String: String], body: String) {
        guard let end = text.range(of: "\r\n\r\n") else { return (headers(of: text), "") }
        return (headers(of: String(text[..<end.lowerBound]) + "\r\n"), String(text[end.upperBound...]))
    }

    /// `boundary="…"` (or unquoted) of a `Content-Type` header.
    private static func boundary(in contentType: String) -> String? {
        guard let range = contentType.range(of: "boundary=", options: .caseInsensitive) else { return nil }
        var value = contentType[range.upperBound...]
        if value.hasPrefix("\"") {
            value = value.dropFirst()
            return String(value.prefix { $0 != "\"" })
        }
        return String(value.prefix { $0 != ";" && !$0.isWhitespace })
    }

    private static func decode(_ body: String, encoding: String?) -> String {
        var text = body
        // The CRLF before the next boundary belongs to the boundary.
        if text.hasSuffix("\r\n") { text.removeLast() }
        let decoded = encoding?.lowercased() == "quoted-printable" ? QuotedPrintable.decode(text) : text
        return decoded.replacingOccurrences(of: "\r\n", with: "\n")
    }
}

extension QuotedPrintable {
    /// Decodes quoted-printable text: soft line breaks (`=` at a line's end) removed, `=XX` turned back into bytes,
    /// the bytes read as UTF-8. A malformed escape is kept as written.
    static func decode(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "=") else {
                output.append(byte)
                index += 1
                continue
            }
            if index + 2 < bytes.count, bytes[index + 1] == 13, bytes[index + 2] == 10 {
                index += 3  // soft break, CRLF
            } else if index + 1 < bytes.count, bytes[index + 1] == 10 {
                index += 2  // soft break, bare LF
            } else if index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
