import AirFitAI
import Testing

@Suite("SSE parser (WHATWG event stream)")
struct SSEParserTests {
    @Test("LF, CR and CRLF all end lines")
    func lineEndings() throws {
        let expected = [SSEEvent(data: "a\nb"), SSEEvent(data: "c")]
        #expect(try TestSupport.sseEvents("data: a\ndata: b\n\ndata: c\n\n") == expected)
        #expect(try TestSupport.sseEvents("data: a\rdata: b\r\rdata: c\r\r") == expected)
        #expect(try TestSupport.sseEvents("data: a\r\ndata: b\r\n\r\ndata: c\r\n\r\n") == expected)
        #expect(try TestSupport.sseEvents("data: a\r\ndata: b\n\rdata: c\r\n\n") == expected)
    }

    @Test("A CR ending one chunk and an LF starting the next are a single line break")
    func splitCRLF() throws {
        let bytes = Array("data: a\r\ndata: b\r\n\r\n".utf8)
        let events = try TestSupport.sseEvents(bytes, cuts: [8])
        #expect(events == [SSEEvent(data: "a\nb")])
        #expect(try TestSupport.sseEvents(bytes, cuts: [8, 17, 19]) == [SSEEvent(data: "a\nb")])
    }

    @Test("A UTF-8 BOM is removed once, at the start of the stream only, even when split")
    func byteOrderMark() throws {
        let bytes = Array("\u{FEFF}data: 1\n\n\u{FEFF}data: 2\n\ndata: 3\n\n".utf8)
        let expected = [SSEEvent(data: "1"), SSEEvent(data: "3")]
        #expect(try TestSupport.sseEvents(bytes) == expected)
        #expect(try TestSupport.sseEvents(bytes, cuts: [1, 2]) == expected)
        #expect(try TestSupport.sseEvents(Array("\u{FEFF}\u{FEFF}data: x\n\n".utf8)).isEmpty)
        // Bytes that only start like a BOM are content.
        #expect(
            try TestSupport.sseEvents([0xEF, 0xBB] + Array("\ndata: y\n\n".utf8), cuts: [1]) == [SSEEvent(data: "y")])
    }

    @Test("Comments, unknown fields and fields without a colon")
    func commentsAndUnknownFields() throws {
        let text = ": comment\ndata:abc\n data\ndata\nfoobar:xxx\njustsometext\n:another\ndata:123\n\n"
        #expect(try TestSupport.sseEvents(text) == [SSEEvent(data: "abc\n\n123")])
    }

    @Test("Only one leading space is removed from a value")
    func leadingSpace() throws {
        #expect(
            try TestSupport.sseEvents("data:  two\n\ndata:none\n\n") == [
                SSEEvent(data: " two"), SSEEvent(data: "none"),
            ])
    }

    @Test("An empty data field dispatches an empty event; no data field dispatches nothing")
    func emptyData() throws {
        #expect(try TestSupport.sseEvents("data:\n\n") == [SSEEvent(data: "")])
        #expect(try TestSupport.sseEvents("data\ndata\n\n") == [SSEEvent(data: "\n")])
        #expect(try TestSupport.sseEvents("event: x\n\nid: 5\n\n\n\n").isEmpty)
    }

    @Test("The event type applies to one event and is reset after dispatch")
    func eventTypeReset() throws {
        let text = "event: stock\ndata: 1\n\ndata: 2\n\nevent: gone\n\ndata: 3\n\nevent:\ndata: 4\n\n"
        #expect(
            try TestSupport.sseEvents(text) == [
                SSEEvent(event: "stock", data: "1"), SSEEvent(data: "2"), SSEEvent(data: "3"), SSEEvent(data: "4"),
            ])
    }

    @Test("The last event ID persists, an ID containing NUL is ignored, an empty ID is kept")
    func eventIDs() throws {
        let text = "id: 1\ndata: a\n\ndata: b\n\nid: x\u{0}y\ndata: c\n\nid\ndata: d\n\n"
        #expect(
            try TestSupport.sseEvents(text) == [
                SSEEvent(data: "a", id: "1"), SSEEvent(data: "b", id: "1"), SSEEvent(data: "c", id: "1"),
                SSEEvent(data: "d", id: ""),
            ])
        #expect(try TestSupport.sseEvents("data: z\n\n") == [SSEEvent(data: "z", id: nil)])
    }

    @Test("retry accepts only ASCII digits")
    func retry() throws {
        var parser = SSEParser()
        _ = try parser.feed(Array("retry: 2500\n\n".utf8))
        #expect(parser.reconnectionTime == 2500)
        _ = try parser.feed(Array("retry: 3000ms\nretry:\nretry: -1\nretry: 1 0\n".utf8))
        #expect(parser.reconnectionTime == 2500)
    }

    @Test("An event without its closing blank line at the end of the stream is discarded")
    func unterminatedEvent() throws {
        var parser = SSEParser()
        #expect(try parser.feed(Array("data: one\n\ndata: two\n".utf8)) == [SSEEvent(data: "one")])
        #expect(parser.finish().isEmpty)
        #expect(try TestSupport.sseEvents("data: a\n\ndata: b") == [SSEEvent(data: "a")])
    }

    @Test("Multi-byte UTF-8 split across chunks survives intact")
    func utf8AcrossChunks() throws {
        let bytes = Array("data: été 🏃\n\n".utf8)
        for cut in 0...bytes.count {
            #expect(try TestSupport.sseEvents(bytes, cuts: [cut]) == [SSEEvent(data: "été 🏃")])
        }
    }

    @Test("Lines and events over the limit throw eventTooLarge; streams over the limit throw streamTooLarge")
    func limits() {
        var parser = SSEParser(limits: StreamLimits(maxEventBytes: 8, maxStreamBytes: 100))
        #expect(throws: StreamParseError.eventTooLarge(limit: 8)) {
            _ = try parser.feed(Array("data: 123456789".utf8))
        }
        var joined = SSEParser(limits: StreamLimits(maxEventBytes: 8, maxStreamBytes: 100))
        #expect(throws: StreamParseError.eventTooLarge(limit: 8)) {
            _ = try joined.feed(Array("data:1234\ndata:5678\n".utf8))
        }
        var total = SSEParser(limits: StreamLimits(maxEventBytes: 8, maxStreamBytes: 10))
        #expect(throws: StreamParseError.streamTooLarge(limit: 10)) {
            _ = try total.feed(Array("data:1\n\n".utf8))
            _ = try total.feed(Array("data:2\n\n".utf8))
        }
    }
}
