import AirFitAI
import Testing

@Suite("JSON parsing and writing")
struct AIJSONTests {
    @Test("Parses nested documents, keeping member order and number text")
    func parse() throws {
        let value = try AIJSON(
            parsing: #" {"b": [1, -2.5e3, true, null], "a": {"s": "x"}, "big": 12345678901234567890} "#)
        #expect(
            value
                == .object([
                    AIJSONMember("b", .array([.number("1"), .number("-2.5e3"), .bool(true), .null])),
                    AIJSONMember("a", .object([AIJSONMember("s", .string("x"))])),
                    AIJSONMember("big", .number("12345678901234567890")),
                ]))
    }

    @Test("Decodes escapes, including surrogate pairs; lone surrogates become U+FFFD")
    func escapes() throws {
        #expect(try AIJSON(parsing: #""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try AIJSON(parsing: #""\u00e9\ud83d\udcaa\u20ac""#) == .string("é💪€"))
        #expect(try AIJSON(parsing: #""x\ud800y""#) == .string("x\u{FFFD}y"))
    }

    @Test(
        "Rejects malformed documents",
        arguments: [
            "", "{", "{\"a\":}", "{\"a\":1,}", "[1,]", "01", "1.", "-", "tru", "\"a", "\"\\x\"", "\"\\u12\"",
            "{\"a\" 1}", "[1] 2", "\"tab\there\"", "{'a':1}", "NaN",
        ])
    func malformed(_ text: String) {
        #expect(throws: (any Error).self) { try AIJSON(parsing: text) }
    }

    @Test("Rejects nesting deeper than the limit instead of overflowing the stack")
    func depth() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: (any Error).self) { try AIJSON(parsing: deep) }
    }

    @Test("Writes compact JSON with escaped control characters")
    func write() throws {
        let value = AIJSON.object([
            AIJSONMember("t", .string("q\"\\\n\u{1}é")), AIJSONMember("n", .null),
            AIJSONMember("a", .array([.integer(3), .bool(false)])),
        ])
        #expect(value.encoded == #"{"t":"q\"\\\n\u0001é","n":null,"a":[3,false]}"#)
        #expect(try AIJSON(parsing: value.encoded) == value)
    }
}
