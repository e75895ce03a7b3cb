/// An email to one person: who sends it, who gets it, the subject and the body as plain text and, optionally, HTML.
///
/// Its description never shows the addresses or the body, which may carry a sign-in link.
public struct MailMessage: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The sender (the `From:` header and the envelope's `MAIL FROM`).
    public let from: MailAddress
    /// The recipient (the `To:` header and the envelope's `RCPT TO`).
    public let to: MailAddress
    /// The subject line, any Unicode.
    public let subject: String
    /// The plain-text body, always present.
    public let text: String
    /// The HTML body; when present the message is `multipart/alternative` with both.
    public let html: String?

    /// A message; nothing is checked here: renderers refuse what cannot be sent safely.
    public init(from: MailAddress, to: MailAddress, subject: String, text: String, html: String? = nil) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
    }

    public var description: String { "MailMessage(to: \(to), \(text.utf8.count + (html?.utf8.count ?? 0)) body bytes)" }
}
