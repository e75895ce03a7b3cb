import AirFitAI
import AirFitTestSupport
import Testing

@Suite("AI client against fake provider servers: tool round trips")
struct AIClientRoundTripTests {
    @Test("Tool call → tool result → final text works for every provider", arguments: AIProviderID.allCases)
    func toolRoundTrip(_ provider: AIProviderID) async throws {
        try await withProviderServer { server in
            let path = WireScripts.chatPath(provider)
            server.script(
                path,
                [
                    .init(chunks: WireScripts.toolCall(provider)),
                    .init(chunks: WireScripts.text(provider, ["It is ", "3 °C."])),
                ])
            let harness = ClientHarness()
            var request = SampleChat.request
            request.messages = [.user("Weather?")]
            let first = await harness.run(provider, server: server, request: request)
            #expect(first.error == nil)
            let call = try #require(first.summary.toolCalls.first)
            #expect(call.name == "get_weather")
            let expected = try AIJSON(parsing: #"{"city":"Oslo"}"#)
            #expect(call.arguments == expected)
            #expect(first.summary.finishReason == .toolCalls)

            request.messages += [
                .assistant(text: "", toolCalls: [ToolCall(id: call.id ?? "call_1", name: call.name, argumentsJSON: call.argumentsJSON)]),
                .toolResult(callID: call.id ?? "call_1", name: call.name, content: #"{"temp_c":3}"#),
            ]
            let second = await harness.run(provider, server: server, request: request)
            #expect(second.error == nil)
            #expect(second.summary.text == "It is 3 °C.")
            #expect(second.summary.finishReason == .stop)

            #expect(server.hits(path) == 2)
            let sent = try #require(server.requests.last)
            #expect(sent.body.contains("temp_c"))
            #expect(sent.body.contains("get_weather"))
            let key = WireScripts.key(provider)
            #expect(!sent.path.contains(key))
            #expect(sent.headers.values.contains { $0.contains(key) })
        }
    }
}
