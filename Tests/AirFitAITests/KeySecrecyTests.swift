import AirFitAI
import AirFitTestSupport
import Testing

@Suite("No key in errors or log lines", .serialized)
struct KeySecrecyTests {
    @Test("Retries, failures and echoed keys never put the key in a log line or an error", arguments: AIProviderID.allCases)
    func secrecy(_ provider: AIProviderID) async throws {
        try await withProviderServer { server in
            let key = WireScripts.key(provider)
            let echo = #"{"error":{"message":"key \#(key) is overloaded"}}"#
            server.script(
                WireScripts.chatPath(provider),
                [.init(status: 500, chunks: [echo]), .init(status: 429, chunks: [echo]), .init(status: 400, chunks: [echo])])
            let lines = Locked<[String]>([])
            let client = AIClient(logger: CapturingLogHandler.logger(lines)) { _ in }
            var failure: (any Error)?
            do {
                for try await _ in client.stream(
                    request: ChatRequest(messages: [.user("Hi")]), provider: provider, key: key,
                    baseURL: WireScripts.baseURL(provider, root: server.root))
                {}
            } catch {
                failure = error
            }
            let error = try #require(failure as? ServiceError)
            #expect(lines.value.count >= 1)
            let texts = lines.value + [error.errorDescription ?? "", error.recoverySuggestion ?? "", "\(error)", String(reflecting: error)]
            #expect(texts.allSatisfy { !$0.contains(key) })
        }
    }
}
