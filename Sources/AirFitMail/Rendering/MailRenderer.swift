public import AirFitCore
public import Foundation

/// A message as it travels: RFC 5322 text with CRLF line ends, plain ASCII, and the Message-ID it was given.
public struct RenderedMail: Sendable, Hashable {
    /// The `Message-ID` header's value, with its angle brackets.
    public let messageID: String
    /// The `Date` header's moment.
    public let date: Date
    /// The whole message, headers and body, CRLF line ends, ending with CRLF.
    public let text: String

    /// The Message-ID's unique part (before the `@`): what logs name the message by, since the whole ID looks like an
    /// email address to anything scanning logs for addresses.
    public var loggedID: String { String(messageID.dropFirst().prefix { $0 != "@" }) }

    /// The message as SMTP's DATA sends it: lines starting with "." get a second one, and the final ".\r\n" follows.
    public var dotStuffed: String {
        var lines = text.components(separatedBy: "\r\n")
        if lines.last == "" { lines.removeLast() }
        return lines.map { $0.hasPrefix(".") ? "." + $0 : $0 }.joined(separator: "\r\n") + "\r\n.\r\n"
    }
}

/// Turns a `MailMessage` into RFC 5322 text: headers (non-ASCII subjects as RFC 2047 encoded-words), and a
/// quoted-printable UTF-8 body, `multipart/alternative` when there is HTML.
///
/// Refuses a header value with a line break (`MailError.headerInjection`) and an unusable address.
public struct MailRenderer: Sendable {
    private let now: @Sendable () -> Date
    private let makeID: @Sendable () -> String

    /// A renderer dating messages with `now` and naming them with `makeID` (random by default; tests pass fixed ones).
    public init(now: @escaping @Sendable () -> Date = Date.init, makeID: @escaping @Sendable () -> String = MailRenderer.randomID) {
        self.now = now
        self.makeID = makeID
    }

    /// The message dated `now()`, with the Message-ID and MIME boundary made from `makeID()`.
    public func render(_ message: MailMessage) throws(MailError) -> RenderedMail {
        try render(message, date: now(), uniqueID: makeID())
    }

    /// The message with the given date and unique part (used in the Message-ID and the MIME boundary).
    /// - Parameters:
    ///   - uniqueID: letters, digits and dashes; callers outside tests use `render(_:)`.
    public func render(_ message: MailMessage, date: Date, uniqueID: String) throws(MailError) -> RenderedMail {
        let from = try Self.mailbox(message.from, field: "From", role: "sender")
        let to = try Self.mailbox(message.to, field: "To", role: "recipient")
        try Self.refuseLineBreaks(message.subject, field: "Subject")
        let messageID = "<\(uniqueID)@\(message.from.domain)>"

        var lines = [
            "Date: " + Self.rfc5322Date(date),
            Self.folded("From: " + from),
            Self.folded("To: " + to),
            Self.subjectHeader(message.subject),
            "Message-ID: " + messageID,
            "MIME-Version: 1.0",
        ]
        if let html = message.html {
            let boundary = "=_airfit_\(uniqueID)"
            lines += [
                "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
                "",
                "--" + boundary,
                "Content-Type: text/plain; charset=utf-8",
                "Content-Transfer-Encoding: quoted-printable",
                "",
                QuotedPrintable.encode(message.text),
                "--" + boundary,
                "Content-Type: text/html; charset=utf-8",
                "Content-Transfer-Encoding: quoted-printable",
                "",
                QuotedPrintable.encode(html),
                "--" + boundary + "--",
            ]
        } else {
            lines += [
                "Content-Type: text/plain; charset=utf-8",
                "Content-Transfer-Encoding: quoted-printable",
                "",
                QuotedPrintable.encode(message.text),
            ]
        }
        return RenderedMail(messageID: messageID, date: date, text: lines.joined(separator: "\r\n") + "\r\n")
    }

    /// Checks an address for use in MAIL FROM / RCPT TO and headers: ASCII, one @, no spaces or specials.
    static func validate(_ address: MailAddress, field: String, role: String) throws(MailError) {
        try refuseLineBreaks(address.address, field: field)
        let value = address.address
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        let forbidden = Set("<>()[],;:\\\" ".utf8)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, value.utf8.count <= 254,
            value.utf8.allSatisfy({ $0 > 32 && $0 < 127 && !forbidden.contains($0) }),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !parts[1].contains("..")
        else { throw .invalidAddress(role: role) }
    }

    private static func mailbox(_ address: MailAddress, field: String, role: String) throws(MailError) -> String {
        try validate(address, field: field, role: role)
        guard let name = address.displayName, !name.isEmpty else { return address.address }
        try refuseLineBreaks(name, field: field)
        let phrase =
            EncodedWord.isPlain(name)
            ? "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            : EncodedWord.encode(name).joined(separator: " ")
        return phrase + " <" + address.address + ">"
    }

    private static func refuseLineBreaks(_ value: String, field: String) throws(MailError) {
        if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\u{0}" }) {
            throw .headerInjection(field: field)
        }
    }

    private static func subjectHeader(_ subject: String) -> String {
        if EncodedWord.isPlain(subject) { return folded("Subject: " + subject) }
        return "Subject: " + EncodedWord.encode(subject).joined(separator: "\r\n ")
    }

    /// Folds a header line longer than 78 characters at spaces (RFC 5322 §2.2.3); a word longer than that stays whole.
    static func folded(_ line: String) -> String {
        guard line.utf8.count > 78 else { return line }
        var result: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            if current.isEmpty {
                current = String(word)
            } else if current.utf8.count + 1 + word.utf8.count > 76 {
                result.append(current)
                current = String(word)
            } else {
                current += " " + String(word)
            }
        }
        result.append(current)
        return result.joined(separator: "\r\n ")
    }

    /// `Mon, 23 Nov 2026 10:30:00 +0000`, always in UTC.
    static func rfc5322Date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(days[(parts.weekday ?? 1) - 1]), \(two(parts.day)) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 1970) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
    }

    /// 32 random hex characters.
    public static func randomID() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }
}
