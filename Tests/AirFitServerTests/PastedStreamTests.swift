import AirFitAI
import Testing

@testable import AirFitServer

@Suite("Decoding a pasted stream")
struct PastedStreamTests {
    @Test("Pretty JSON keeps member order and escapes strings")
    func prettyJSON() throws {
        let value = try AIJSON(parsing: #"{"b":[1,{"c":"x\"y"}],"a":{},"d":[]}"#)
        #expect(value.pretty == "{\n  \"b\": [\n    1,\n    {\n      \"c\": \"x\\\"y\"\n    }\n  ],\n  \"a\": {},\n  \"d\": []\n}")
    }

    @Test("A pasted stream past the decoder's limits is reported, not crashed on")
    func pastedLimits() {
        let huge = "data: " + String(repeating: "x", count: (8 << 20) + 16)
        guard case .failure(let error) = PastedStream.summary(huge, provider: .openai) else {
            Issue.record("expected a limit error")
            return
        }
        #expect(error == .eventTooLarge(limit: 8 << 20))
    }
}
