internal import Foundation

/// One SMTP reply (RFC 5321 §4.2): a three-digit code and one or more lines of text.
struct SMTPReply: Sendable, Hashable {
    let code: Int
    /// The text of each line, after the code and its separator.
    let lines: [String]

    /// 2xx: done.
    var isCompletion: Bool { (200..<300).contains(code) }
    /// 3xx: go on (after DATA, or an AUTH challenge).
    var isIntermediate: Bool { (300..<400).contains(code) }

    /// The reply text for an error message: one line, printable ASCII, at most 200 characters, with every `secret`
    /// (the password, the user name, the addresses) replaced, so a server that echoes them cannot leak them.
    func redacted(removing secrets: [String]) -> String {
        var text = lines.joined(separator: " ")
        for secret in secrets where !secret.isEmpty {
            text = text.replacingOccurrences(of: secret, with: "[redacted]", options: .caseInsensitive)
        }
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 32 && $0.value < 127 }))
        return printable.count > 200 ? String(printable.prefix(200)) + "…" : printable
    }
}

/// Collects bytes from the server and cuts them into replies; pure, so it is tested without a socket.
struct SMTPReplyParser: Sendable {
    /// RFC 5321 allows 512 octets a reply line; servers send longer, so allow some room but not without end.
    static let maximumLineLength = 2048
    static let maximumLines = 200

    private var buffer: [UInt8] = []
    private var pendingLines: [String] = []
    private var pendingCode: Int?

    /// Whether bytes are waiting that do not yet form a whole reply (checked before STARTTLS, where none may be).
    var hasBufferedBytes: Bool { !buffer.isEmpty || !pendingLines.isEmpty }

    mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole reply, or `nil` when more bytes are needed.
    mutating func next() throws(SMTPProtocolError) -> SMTPReply? {
        while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            var line = Array(buffer[..<end])
            buffer.removeSubrange(...end)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard line.count <= Self.maximumLineLength else { throw SMTPProtocolError("a reply line is too long") }
            guard line.count >= 3, let code = Int(String(decoding: line[0..<3], as: UTF8.self)), (200..<600).contains(code)
            else { throw SMTPProtocolError("a reply does not start with a three-digit code") }
            if let pendingCode, pendingCode != code { throw SMTPProtocolError("a multi-line reply changes its code") }
            let separator = line.count > 3 ? line[3] : UInt8(ascii: " ")
            guard separator == UInt8(ascii: " ") || separator == UInt8(ascii: "-") else {
                throw SMTPProtocolError("a reply code is followed by neither a space nor a dash")
            }
            pendingLines.append(line.count > 4 ? String(decoding: line[4...], as: UTF8.self) : "")
            guard pendingLines.count <= Self.maximumLines else { throw SMTPProtocolError("a reply has too many lines") }
            if separator == UInt8(ascii: "-") {
                pendingCode = code
                continue
            }
            let reply = SMTPReply(code: code, lines: pendingLines)
            pendingLines = []
            pendingCode = nil
            return reply
        }
        guard buffer.count <= Self.maximumLineLength else { throw SMTPProtocolError("a reply line is too long") }
        return nil
    }
}

/// What was wrong with the server's bytes; wrapped into `MailError.protocolViolation` with the host.
struct SMTPProtocolError: Error, Sendable, Hashable {
    let detail: String
    init(_ detail: String) { self.detail = detail }
}

/// What the server said it can do in its EHLO reply.
struct SMTPCapabilities: Sendable, Hashable {
    var startTLS = false
    /// AUTH mechanisms, uppercased.
    var authMechanisms: Set<String> = []

    init(ehlo reply: SMTPReply?) {
        guard let reply else { return }
        for line in reply.lines.dropFirst() {
            let words = line.uppercased().split(whereSeparator: { $0 == " " || $0 == "=" }).map(String.init)
            guard let keyword = words.first else { continue }
            if keyword == "STARTTLS" { startTLS = true }
            if keyword == "AUTH" { authMechanisms.formUnion(words.dropFirst()) }
        }
    }
}
