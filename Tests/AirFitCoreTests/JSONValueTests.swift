import AirFitCore
import Foundation
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test(
        "Documents survive decode → encode → decode",
        arguments: [
            #"{"a":[1,true,null,"x"],"b":{"c":1.5,"d":{}},"e":[]}"#,
            #"[1,2.25,-3,0,1e-7,12345678901234]"#,
            #""just text""#,
            "true", "false", "null", "42",
            #"{"unicode":"ünïcødé ✓ 😀","escapes":"line\nbreak \"quoted\" back\\slash"}"#,
        ])
    func roundTrip(text: String) throws {
        let value = try JSONValue(data: Data(text.utf8))
        let encoded = try value.encoded()
        #expect(try JSONValue(data: encoded) == value)
        #expect(try JSONValue(data: encoded).encoded() == encoded)
    }

    @Test("Booleans stay booleans and numbers stay numbers")
    func typesKept() throws {
        let value = try JSONValue(data: Data(#"{"flag":true,"one":1,"zero":0,"text":"1"}"#.utf8))
        #expect(value["flag"] == .bool(true))
        #expect(value["one"] == .number(1))
        #expect(value["zero"] == .number(0))
        #expect(value["text"] == .string("1"))
    }

    @Test("Encoding is compact with sorted keys")
    func encodingIsSorted() throws {
        let value = JSONValue.object(["z": .null, "a": .array([.bool(false), .number(2.5), .string("s/x")]), "m": .object([:])])
        #expect(String(decoding: try value.encoded(), as: UTF8.self) == #"{"a":[false,2.5,"s/x"],"m":{},"z":null}"#)
    }

    @Test("Accessors return values only for the matching case")
    func accessors() {
        #expect(JSONValue.string("x").stringValue == "x")
        #expect(JSONValue.number(3).stringValue == nil)
        #expect(JSONValue.number(3).doubleValue == 3)
        #expect(JSONValue.string("3").doubleValue == nil)
        #expect(JSONValue.object(["k": .null])["k"] == .null)
        #expect(JSONValue.object([:])["k"] == nil)
        #expect(JSONValue.array([.null])["k"] == nil)
    }

    @Test("Invalid JSON is rejected", arguments: ["", "{", "{'a':1}", "nul", "{\"a\":1}}", "[1 2]", "\"unterminated"])
    func invalid(text: String) {
        #expect(throws: (any Error).self) { try JSONValue(data: Data(text.utf8)) }
    }
}
