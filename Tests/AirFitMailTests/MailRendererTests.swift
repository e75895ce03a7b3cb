import AirFitCore
import Foundation
import Testing

@testable import AirFitMail

@Suite("Mail renderer")
struct MailRendererTests {
    static let date = Date(timeIntervalSince1970: 1_795_000_000)

    static func render(_ message: MailMessage) throws -> RenderedMail {
        try MailRenderer().render(message, date: date, uniqueID: "0123abcd")
    }

    @Test("An ASCII message with HTML renders exactly: headers, multipart/alternative, CRLF everywhere")
    func asciiMessage() throws {
        let message = MailMessage(
            from: MailAddress("coach@airfit.example", displayName: "AirFit"), to: MailAddress("ana@example.com"),
            subject: "Your sign-in link", text: "Hello Ana,\nSign in here.\n", html: "<p>Hello Ana,</p>\n<p>Sign in here.</p>")
        let rendered = try Self.render(message)
        let expected = [
            "Date: Wed, 18 Nov 2026 11:06:40 +0000",
            "From: \"AirFit\" <coach@airfit.example>",
            "To: ana@example.com",
            "Subject: Your sign-in link",
            "Message-ID: <0123abcd@airfit.example>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"=_airfit_0123abcd\"",
            "",
            "--=_airfit_0123abcd",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "",
            "Hello Ana,",
            "Sign in here.",
            "--=_airfit_0123abcd",
            "Content-Type: text/html; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "",
            "<p>Hello Ana,</p>",
            "<p>Sign in here.</p>",
            "--=_airfit_0123abcd--",
            "",
        ].joined(separator: "\r\n")
        #expect(rendered.text == expected)
        #expect(rendered.messageID == "<0123abcd@airfit.example>")
    }

    @Test("A non-ASCII subject and name become UTF-8 encoded-words; the body is quoted-printable UTF-8")
    func nonASCIIMessage() throws {
        let subject = "Dein Trainingsplan für die Woche – los geht’s, Jürgen!"
        let message = MailMessage(
            from: MailAddress("coach@airfit.example", displayName: "Trainer Jürgen"), to: MailAddress("jurgen@example.de"),
            subject: subject, text: "Grüße aus dem Studio\r\n= 100 %")
        let rendered = try Self.render(message)
        let expected = [
            "Date: Wed, 18 Nov 2026 11:06:40 +0000",
            "From: =?UTF-8?B?VHJhaW5lciBKw7xyZ2Vu?= <coach@airfit.example>",
            "To: jurgen@example.de",
            "Subject: =?UTF-8?B?RGVpbiBUcmFpbmluZ3NwbGFuIGbDvHIgZGllIFdvY2hlIA==?=",
            " =?UTF-8?B?4oCTIGxvcyBnZWh04oCZcywgSsO8cmdlbiE=?=",
            "Message-ID: <0123abcd@airfit.example>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "",
            "Gr=C3=BC=C3=9Fe aus dem Studio",
            "=3D 100 %",
            "",
        ].joined(separator: "\r\n")
        #expect(rendered.text == expected)
        let header = OutboxReader.headers(of: rendered.text)["subject"] ?? ""
        #expect(EncodedWord.decode(header) == subject)
        #expect(rendered.text.utf8.allSatisfy { $0 < 128 }, "the message on the wire is ASCII")
        #expect(rendered.text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 78 })
    }

    @Test("A body line starting with a dot is doubled for DATA, and DATA ends with a lone dot")
    func dotStuffing() throws {
        let message = MailMessage(
            from: MailAddress("coach@airfit.example"), to: MailAddress("ana@example.com"), subject: "Dots",
            text: ".hidden\n..two\nmiddle . dot\n.")
        let stuffed = try Self.render(message).dotStuffed
        #expect(stuffed.hasSuffix("\r\n\r\n..hidden\r\n...two\r\nmiddle . dot\r\n..\r\n.\r\n"))
        #expect(!stuffed.components(separatedBy: "\r\n").dropLast(2).contains("."), "no lone dot before the end")
    }

    @Test("A line break in any header value is refused", arguments: ["Subject", "From", "To"])
    func headerInjection(field: String) throws {
        let evil = "x\r\nBcc: victim@example.com"
        let from = MailAddress(field == "From" ? "coach@airfit.example" : "coach@airfit.example", displayName: field == "From" ? evil : nil)
        let to = MailAddress(field == "To" ? "ana@example.com\nBcc: victim@example.com" : "ana@example.com")
        let message = MailMessage(from: from, to: to, subject: field == "Subject" ? evil : "Hi", text: "Body")
        #expect(throws: MailError.headerInjection(field: field)) { try Self.render(message) }
    }

    @Test(
        "Unusable addresses are refused without repeating them",
        arguments: ["", "no-at-sign", "a@", "@b.com", "a b@c.com", "a@b..com", "ä@b.com"])
    func invalidAddress(address: String) throws {
        let message = MailMessage(from: MailAddress("coach@airfit.example"), to: MailAddress(address), subject: "Hi", text: "Body")
        #expect(throws: MailError.invalidAddress(role: "recipient")) { try Self.render(message) }
    }

    @Test("Long lines are wrapped to 76 characters with soft breaks that decode back to the original")
    func longLines() throws {
        let long = String(repeating: "Squat 5×5 at 100 kg = progress; ", count: 12)
        let encoded = QuotedPrintable.encode(long + "\n" + "trailing space ")
        let lines = encoded.components(separatedBy: "\r\n")
        #expect(lines.count > 6)
        #expect(lines.allSatisfy { $0.utf8.count <= 76 })
        #expect(lines.last == "trailing space=20", "a space at the end of a line is encoded")
        #expect(Self.decodeQuotedPrintable(encoded) == long + "\r\n" + "trailing space ")

        let subject = String(repeating: "Plan ", count: 30).trimmingCharacters(in: .whitespaces)
        let message = MailMessage(
            from: MailAddress("coach@airfit.example"), to: MailAddress("ana@example.com"), subject: subject, text: long)
        let text = try Self.render(message).text
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 78 })
        #expect(OutboxReader.headers(of: text)["subject"] == subject, "folding only adds line breaks before spaces")
    }

    /// RFC 2045 quoted-printable decoding, independent of the encoder.
    static func decodeQuotedPrintable(_ text: String) -> String {
        var bytes: [UInt8] = []
        let input = Array(text.replacingOccurrences(of: "=\r\n", with: "").utf8)
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "="), index + 2 < input.count,
                let value = UInt8(String(decoding: input[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
