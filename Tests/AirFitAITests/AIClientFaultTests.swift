import AirFitAI
import AirFitTestSupport
import Testing

@Suite("AI client against fake provider servers: faults", .serialized)
struct AIClientFaultTests {
    let provider = AIProviderID.openai
    var path: String { WireScripts.chatPath(provider) }
    var text: [String] { WireScripts.text(provider, ["Drink ", "water."]) }

    @Test("500 then success: retried with backoff, the answer arrives")
    func serverErrorThenSuccess() async throws {
        try await withProviderServer { server in
            server.script(path, [.init(status: 500, chunks: [#"{"error":{"message":"boom"}}"#]), .init(chunks: text)])
            let harness = ClientHarness()
            let result = await harness.run(provider, server: server)
            #expect(result.error == nil)
            #expect(result.summary.text == "Drink water.")
            #expect(server.hits(path) == 2)
            #expect(harness.delays.value.count == 1)
            #expect(harness.delays.value[0] >= .seconds(1) && harness.delays.value[0] <= .milliseconds(1300))
        }
    }

    @Test("500 every time: gives up after three attempts with the provider's message")
    func serverErrorForever() async throws {
        try await withProviderServer { server in
            server.script(path, [.init(status: 503, chunks: [#"{"error":{"message":"overloaded"}}"#])])
            let harness = ClientHarness()
            let result = await harness.run(provider, server: server)
            #expect(result.error?.errorDescription == "Provider error [503]: overloaded")
            #expect(server.hits(path) == 3)
            #expect(harness.delays.value.count == 2)
            #expect(harness.delays.value.last ?? .zero >= .seconds(2))
        }
    }

    @Test(
        "429 honours Retry-After seconds, HTTP date, retry-after-ms and Gemini retryDelay",
        arguments: [
            (["Retry-After": "2"], "", 2000),
            (["retry-after-ms": "1500"], "", 1500),
            (["Retry-After": "Thu, 01 Jan 2099 00:00:00 GMT"], "", -1),
            ([:], #"{"error":{"code":429,"details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"3s"}]}}"#, 3000),
        ])
    func rateLimited(_ headers: [String: String], _ body: String, _ expectedMillis: Int) async throws {
        try await withProviderServer { server in
            server.script(path, [.init(status: 429, headers: headers, chunks: [body]), .init(chunks: text)])
            let harness = ClientHarness()
            let result = await harness.run(provider, server: server)
            if expectedMillis < 0 {
                // A date far away is longer than the 30 s we wait: reported, not retried.
                guard case .rateLimitExceeded(let after)? = result.error else {
                    Issue.record("expected rateLimitExceeded, got \(String(describing: result.error))")
                    return
                }
                #expect((after ?? 0) > 30)
                #expect(server.hits(path) == 1)
            } else {
                #expect(result.error == nil)
                #expect(harness.delays.value == [.milliseconds(expectedMillis)])
                #expect(server.hits(path) == 2)
            }
        }
    }

    @Test("Dropped mid-stream: partial text delivered, then a streaming error; never retried")
    func droppedMidStream() async throws {
        try await withProviderServer { server in
            server.script(path, [.init(chunks: Array(text.prefix(1)), ending: .drop)])
            let result = await ClientHarness().run(provider, server: server)
            #expect(result.summary.text == "Drink ")
            guard case .streamingError? = result.error else {
                Issue.record("expected streamingError, got \(String(describing: result.error))")
                return
            }
            #expect(server.hits(path) == 1)
        }
    }

    @Test("A malformed JSON line is skipped and the rest of the answer arrives")
    func malformedLine() async throws {
        try await withProviderServer { server in
            server.script(path, [.init(chunks: [text[0], "data: {\"choices\":[{oops\n\n"] + text.dropFirst())])
            let result = await ClientHarness().run(provider, server: server)
            #expect(result.error == nil)
            #expect(result.summary.text == "Drink water.")
        }
    }

    @Test("A slow drip inside the idle timeout completes")
    func slowDrip() async throws {
        try await withProviderServer { server in
            server.script(path, [.init(chunks: text, delayBetweenChunks: .milliseconds(150))])
            let harness = ClientHarness { $0.aiTimeout = .milliseconds(800) }
            let result = await harness.run(provider, server: server)
            #expect(result.error == nil)
            #expect(result.summary.text == "Drink water.")
        }
    }

    @Test("A stream that goes silent ends with a timeout, keeping the partial text")
    func silentStream() async throws {
        try await withProviderServer { server in
            server.script(path, [.init(chunks: Array(text.prefix(1)), ending: .hang)])
            let harness = ClientHarness { $0.aiTimeout = .milliseconds(500) }
            let result = await harness.run(provider, server: server)
            #expect(result.summary.text == "Drink ")
            guard case .timeout? = result.error else {
                Issue.record("expected timeout, got \(String(describing: result.error))")
                return
            }
        }
    }

    @Test("A never-ending stream stops at the byte limit")
    func endlessStream() async throws {
        try await withProviderServer { server in
            server.script(path, [.init(chunks: [], ending: .endless(text[0]))])
            let harness = ClientHarness { $0.streamLimits = StreamLimits(maxEventBytes: 4096, maxStreamBytes: 64 * 1024) }
            let result = await harness.run(provider, server: server)
            #expect(result.error?.errorDescription?.contains("byte limit") == true)
        }
    }

    @Test("No response head before the timeout: retried, then a timeout")
    func headTimeout() async throws {
        try await withProviderServer { server in
            server.script(path, [.init(chunks: text, delayBeforeHead: .seconds(5))])
            let harness = ClientHarness {
                $0.aiTimeout = .milliseconds(400)
                $0.maxAttempts = 2
            }
            let result = await harness.run(provider, server: server)
            guard case .timeout? = result.error else {
                Issue.record("expected timeout, got \(String(describing: result.error))")
                return
            }
            #expect(harness.delays.value.count == 1)
        }
    }

    @Test("401: authentication failed at once, the key never appears in the error", arguments: AIProviderID.allCases)
    func unauthorized(_ provider: AIProviderID) async throws {
        try await withProviderServer { server in
            let key = WireScripts.key(provider)
            server.script(
                WireScripts.chatPath(provider),
                [.init(status: 401, chunks: [#"{"error":{"message":"Incorrect API key provided: \#(key)"}}"#])])
            let result = await ClientHarness().run(provider, server: server)
            guard case .authenticationFailed? = result.error else {
                Issue.record("expected authenticationFailed, got \(String(describing: result.error))")
                return
            }
            let text = [result.error?.errorDescription, result.error?.recoverySuggestion, result.error.map { "\($0)" }]
            #expect(text.allSatisfy { !($0 ?? "").contains(key) })
            #expect(result.error?.errorDescription?.contains("[redacted]") == true)
            #expect(server.hits(WireScripts.chatPath(provider)) == 1)
        }
    }

    @Test("Nothing listening: network unavailable after the retries")
    func refused() async throws {
        let server = try await FakeProviderServer.start()
        await server.stop()
        let harness = ClientHarness()
        let result = await harness.run(provider, server: server)
        guard case .networkUnavailable? = result.error else {
            Issue.record("expected networkUnavailable, got \(String(describing: result.error))")
            return
        }
        #expect(harness.delays.value.count == 2)
    }

    @Test("Cancelling the consumer ends the stream promptly")
    func cancellation() async throws {
        try await withProviderServer { server in
            server.script(path, [.init(chunks: Array(text.prefix(1)), ending: .hang)])
            let client = ClientHarness { $0.aiTimeout = .seconds(30) }.client
            let started = ContinuousClock.now
            let task = Task {
                var count = 0
                for try await _ in client.stream(
                    request: ChatRequest(messages: [.user("Hi")]), provider: provider, key: WireScripts.key(provider),
                    baseURL: WireScripts.baseURL(provider, root: server.root))
                {
                    count += 1
                }
                return count
            }
            try await Task.sleep(for: .milliseconds(300))
            task.cancel()
            _ = await task.result
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }
}
