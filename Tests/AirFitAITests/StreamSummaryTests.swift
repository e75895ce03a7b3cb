import AirFitAI
import Testing

@Suite("Stream summary")
struct StreamSummaryTests {
    @Test("An empty stream summarises to empty text, no tool calls and null usage")
    func empty() {
        #expect(
            StreamSummary().encodedJSON()
                == #"{"text":"","reasoning":"","refusal":null,"tool_calls":[],"finish_reason":null,"usage":null,"error":null}"#
        )
    }

    @Test("The answer becomes the next request's assistant turn; calls without ids get call_<index>")
    func assistantMessage() {
        let summary = StreamSummary(events: [
            .textDelta("Checking."),
            .toolCallComplete(index: 0, id: "call_a", name: "get_weather", argumentsJSON: #"{"city": "Oslo"}"#),
            .toolCallComplete(index: 3, id: nil, name: "log_water", argumentsJSON: ""),
        ])
        #expect(
            summary.assistantMessage
                == .assistant(
                    text: "Checking.",
                    toolCalls: [
                        ToolCall(id: "call_a", name: "get_weather", argumentsJSON: #"{"city":"Oslo"}"#),
                        ToolCall(id: "call_3", name: "log_water", argumentsJSON: "{}"),
                    ]))
        #expect(StreamSummary(events: [.textDelta("Hi")]).assistantMessage == .assistant(text: "Hi", toolCalls: []))
    }

    @Test("Tool arguments: fragments joined and parsed, empty is {}, invalid is kept under _raw")
    func toolArguments() {
        let summary = StreamSummary(events: [
            .toolCallStart(index: 5, id: "b", name: "second"),
            .toolCallStart(index: 2, id: nil, name: "first"),
            .toolCallArgumentsDelta(index: 5, fragment: "{\"n\":"),
            .toolCallArgumentsDelta(index: 5, fragment: "1}"),
            .toolCallArgumentsDelta(index: 2, fragment: "{oops"),
            .toolCallStart(index: 9, id: "c", name: "third"),
        ])
        #expect(summary.toolCalls.map(\.name) == ["second", "first", "third"])
        #expect(
            summary.jsonObject.encoded.contains(
                #""tool_calls":[{"id":"b","name":"second","arguments":{"n":1}},{"id":null,"name":"first","arguments":{"_raw":"{oops"}},{"id":"c","name":"third","arguments":{}}]"#
            ))
    }

    @Test("A complete event overrides the accumulated fragments")
    func completeOverrides() {
        let summary = StreamSummary(events: [
            .toolCallArgumentsDelta(index: 0, fragment: "{\"a\""),
            .toolCallComplete(index: 0, id: "x", name: "f", argumentsJSON: "{\"a\":2}"),
        ])
        #expect(summary.toolCalls == [.init(index: 0, id: "x", name: "f", argumentsJSON: "{\"a\":2}")])
    }

    @Test("Usage merges per field, last value wins; an error forces finish_reason error")
    func usageAndError() {
        let summary = StreamSummary(events: [
            .usage(inputTokens: 10, outputTokens: 1), .textDelta("hi"), .finish(.stop),
            .usage(inputTokens: nil, outputTokens: 7),
            .error(code: "overloaded_error", message: "Overloaded"),
        ])
        #expect(
            summary.encodedJSON()
                == #"{"text":"hi","reasoning":"","refusal":null,"tool_calls":[],"finish_reason":"error","usage":{"input_tokens":10,"output_tokens":7},"error":{"code":"overloaded_error","message":"Overloaded"}}"#
        )
    }

    @Test("Refusal is null until refusal text arrives")
    func refusal() {
        #expect(StreamSummary(events: [.textDelta("x")]).refusal == nil)
        #expect(StreamSummary(events: [.refusalDelta("No"), .refusalDelta(".")]).refusal == "No.")
    }
}
