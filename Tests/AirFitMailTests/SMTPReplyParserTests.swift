import Testing

@testable import AirFitMail

@Suite("SMTP reply parser")
struct SMTPReplyParserTests {
    @Test("Multi-line replies come out whole, in pieces or together, and EHLO capabilities are read from them")
    func multiLine() throws {
        var parser = SMTPReplyParser()
        parser.append(Array("250-smtp.example.com hello\r\n250-STARTTLS\r\n250-AUTH PLAIN LOG".utf8))
        #expect(try parser.next() == nil)
        parser.append(Array("IN\r\n250 SIZE 1000\r\n220 ready\n".utf8))
        let reply = try #require(try parser.next())
        #expect(reply.code == 250)
        #expect(reply.lines == ["smtp.example.com hello", "STARTTLS", "AUTH PLAIN LOGIN", "SIZE 1000"])
        let capabilities = SMTPCapabilities(ehlo: reply)
        #expect(capabilities.startTLS)
        #expect(capabilities.authMechanisms == ["PLAIN", "LOGIN"])
        #expect(try parser.next() == SMTPReply(code: 220, lines: ["ready"]))
        #expect(!parser.hasBufferedBytes)
        #expect(try parser.next() == nil)
    }

    @Test(
        "Garbage is a protocol error",
        arguments: ["HTTP/1.1 400 Bad Request\r\n", "250-a\r\n251 b\r\n", "2500 x\r\n", "099 x\r\n", "250_x\r\n"])
    func garbage(_ input: String) {
        var parser = SMTPReplyParser()
        parser.append(Array(input.utf8))
        #expect(throws: SMTPProtocolError.self) {
            while try parser.next() != nil {}
        }
    }

    @Test("A reply without end is refused once past the line limit")
    func endless() {
        var parser = SMTPReplyParser()
        parser.append(Array(repeating: UInt8(ascii: "2"), count: SMTPReplyParser.maximumLineLength + 1))
        #expect(throws: SMTPProtocolError.self) { try parser.next() }
    }

    @Test("Redaction removes echoed secrets and addresses, keeps one printable line")
    func redaction() {
        let reply = SMTPReply(code: 550, lines: ["5.1.1 <Ana@Example.com>: unknown", "pw=hunter22\u{7}"])
        let text = reply.redacted(removing: ["ana@example.com", "hunter22"])
        #expect(text == "5.1.1 <[redacted]>: unknown pw=[redacted]")
    }
}
