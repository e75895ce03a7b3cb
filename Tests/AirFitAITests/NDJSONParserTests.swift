import AirFitAI
import Testing

@Suite("NDJSON parser")
struct NDJSONParserTests {
    @Test("Lines split on LF, CRLF tolerated, blank lines skipped, last line delivered at finish")
    func lines() throws {
        var parser = NDJSONParser()
        #expect(try parser.feed(Array("{\"a\":1}\r\n\n{\"b\"".utf8)) == ["{\"a\":1}"])
        #expect(try parser.feed(Array(":2}\n  \n{\"c\":3}".utf8)) == ["{\"b\":2}"])
        #expect(parser.finish() == ["{\"c\":3}"])
        #expect(parser.finish().isEmpty)
    }

    @Test("Every split gives the same lines")
    func everySplit() throws {
        let bytes = Array("{\"x\":\"é\"}\r\n{\"y\":2}\n{\"z\":3}".utf8)
        for cut in 0...bytes.count {
            var parser = NDJSONParser()
            let lines = try parser.feed(bytes[..<cut]) + parser.feed(bytes[cut...]) + parser.finish()
            #expect(lines == ["{\"x\":\"é\"}", "{\"y\":2}", "{\"z\":3}"], "split at \(cut)")
        }
    }

    @Test("A line over the limit throws")
    func limit() {
        var parser = NDJSONParser(limits: StreamLimits(maxEventBytes: 4, maxStreamBytes: 100))
        #expect(throws: StreamParseError.eventTooLarge(limit: 4)) {
            _ = try parser.feed(Array("{\"a\":".utf8))
        }
    }
}
