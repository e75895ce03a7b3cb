import AirFitCore
import Foundation
import Logging
import Testing

@testable import AirFitMail

/// What `airfit mail outbox --open N` prints: the plain-text part of a written message, decoded.
@Suite("Outbox plain text")
struct OutboxPlainTextTests {
    private static let renderer = MailRenderer(now: { Date(timeIntervalSince1970: 1_795_000_000) }, makeID: { "c0ffee" })
    /// A long link (split by quoted-printable's soft breaks), `=` signs, non-ASCII text and a line starting with a dot.
    private static let text = """
        Hallo Ana,

        open https://fit.example.com/email/confirm?token=QmFzZTY0LXRva2VuLXRoYXQtaXMtbG9uZy1lbm91Z2gtdG8tYmUtc3BsaXQ=&next=/settings/profile to confirm.
        Grüße — AirFit ✓
        . a line starting with a dot
        """

    @Test("The plain text of a message with an HTML part reads back exactly, long link whole")
    func multipart() throws {
        let message = MailMessage(
            from: MailAddress("airfit@localhost"), to: MailAddress("ana@example.com"), subject: "Bestätigen", text: Self.text,
            html: "<p>HTML only</p>")
        let rendered = try Self.renderer.render(message).text
        #expect(OutboxReader.plainText(of: rendered) == Self.text)
    }

    @Test("The plain text of a text-only message reads back exactly")
    func textOnly() throws {
        let message = MailMessage(from: MailAddress("airfit@localhost"), to: MailAddress("ana@example.com"), subject: "Hi", text: Self.text)
        #expect(OutboxReader.plainText(of: try Self.renderer.render(message).text) == Self.text)
    }

    @Test("Quoted-printable decoding keeps a malformed escape as written")
    func malformedEscape() {
        #expect(QuotedPrintable.decode("a=ZZb=3D=\r\nc=") == "a=ZZb=c=")
    }

    @Test("A message's log names it by the Message-ID's unique part, which looks like no email address")
    func loggedID() throws {
        let message = MailMessage(from: MailAddress("coach@example.com"), to: MailAddress("ana@example.com"), subject: "Hi", text: "x")
        let rendered = try Self.renderer.render(message)
        #expect(rendered.messageID == "<c0ffee@example.com>")
        #expect(rendered.loggedID == "c0ffee")
    }
}

@Suite("Outbox order")
struct OutboxOrderTests {
    @Test("Messages written within the same second are listed in the order they were written")
    func sameSecond() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("airfit-outbox-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let outbox = FileOutbox(directory: directory, logger: logger)
        let subjects = (1...8).map { "message \($0)" }
        for subject in subjects {
            try await outbox.send(
                MailMessage(from: MailAddress("airfit@localhost"), to: MailAddress("ana@example.com"), subject: subject, text: "x"))
        }
        #expect(try OutboxReader(directory: directory).list().map(\.subject) == subjects)
    }
}
