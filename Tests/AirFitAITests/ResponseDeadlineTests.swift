import AirFitAI
import AirFitTestSupport
import Testing

@Suite("AI client: the total time limit for one answer", .serialized)
struct ResponseDeadlineTests {
    let provider = AIProviderID.openai
    var path: String { WireScripts.chatPath(provider) }

    @Test("The limit defaults to ten minutes and is named in the message")
    func defaults() {
        #expect(ServiceConfiguration().maxResponseDuration == .seconds(600))
        let error = ServiceError.responseTooLong(limit: .seconds(600))
        #expect(error.errorDescription == "The answer took longer than 10 minutes, the limit for one answer")
        #expect(error.recoverySuggestion?.contains("cut off") == true)
        #expect(ServiceError.responseTooLong(limit: .milliseconds(1500)).errorDescription?.contains("1500 ms") == true)
    }

    @Test("A never-ending stream ends at the limit, keeping the text so far")
    func endless() async throws {
        try await withProviderServer { server in
            let piece = WireScripts.text(provider, ["Drink "])[0]
            server.script(path, [.init(chunks: [], ending: .endless(piece))])
            // Two seconds, so a loaded machine still gets the first pieces in before the limit.
            let harness = ClientHarness { $0.maxResponseDuration = .seconds(2) }
            let started = ContinuousClock.now
            let result = await harness.run(provider, server: server)
            let elapsed = ContinuousClock.now - started
            guard case .responseTooLong(let limit)? = result.error else {
                Issue.record("expected responseTooLong, got \(String(describing: result.error))")
                return
            }
            #expect(limit == .seconds(2))
            #expect(result.summary.text.hasPrefix("Drink Drink "))
            #expect(elapsed >= .seconds(2) && elapsed < .seconds(8))
            #expect(server.hits(path) == 1)
        }
    }

    @Test("A slow drip inside the idle timeout still stops at the limit")
    func slowDrip() async throws {
        try await withProviderServer { server in
            let pieces = (1...12).map { "w\($0) " }
            server.script(path, [.init(chunks: WireScripts.text(provider, pieces), delayBetweenChunks: .milliseconds(200))])
            let harness = ClientHarness {
                $0.aiTimeout = .seconds(2)
                $0.maxResponseDuration = .milliseconds(900)
            }
            let result = await harness.run(provider, server: server)
            guard case .responseTooLong? = result.error else {
                Issue.record("expected responseTooLong, got \(String(describing: result.error))")
                return
            }
            #expect(result.summary.text.hasPrefix("w1 "))
            #expect(result.summary.text != pieces.joined())
            #expect(result.summary.finishReason == nil)
        }
    }

    @Test("The limit is final: no retry after it passes while waiting for the head")
    func notRetried() async throws {
        try await withProviderServer { server in
            server.script(path, [.init(chunks: WireScripts.text(provider, ["Hi"]), delayBeforeHead: .seconds(5))])
            let harness = ClientHarness {
                $0.aiTimeout = .seconds(3)
                $0.maxResponseDuration = .milliseconds(600)
            }
            let result = await harness.run(provider, server: server)
            guard case .responseTooLong? = result.error else {
                Issue.record("expected responseTooLong, got \(String(describing: result.error))")
                return
            }
            #expect(harness.delays.value.isEmpty)
            #expect(server.hits(path) == 1)
        }
    }

    @Test("An answer that finishes inside the limit is complete")
    func inTime() async throws {
        try await withProviderServer { server in
            server.script(path, [.init(chunks: WireScripts.text(provider, ["Drink ", "water."]), delayBetweenChunks: .milliseconds(50))])
            let result = await ClientHarness { $0.maxResponseDuration = .seconds(2) }.run(provider, server: server)
            #expect(result.error == nil)
            #expect(result.summary.text == "Drink water.")
        }
    }
}
