import AirFitAI
import AirFitTestSupport
import Foundation

/// A client wired for tests: short timeouts, recorded (not slept) retry delays.
struct ClientHarness {
    let delays = Locked<[Duration]>([])
    var configuration: ServiceConfiguration

    init(configure: (inout ServiceConfiguration) -> Void = { _ in }) {
        var configuration = ServiceConfiguration()
        configuration.aiTimeout = .seconds(2)
        configure(&configuration)
        self.configuration = configuration
    }

    var client: AIClient {
        AIClient(configuration: configuration) { [delays] delay in delays.update { $0.append(delay) } }
    }

    /// Streams `request` and collects everything until the stream ends.
    func run(
        _ provider: AIProviderID, server: FakeProviderServer, request: ChatRequest = ChatRequest(messages: [.user("Hi")])
    ) async -> (summary: StreamSummary, error: ServiceError?) {
        var summary = StreamSummary()
        do {
            for try await event in client.stream(
                request: request, provider: provider, key: WireScripts.key(provider),
                baseURL: WireScripts.baseURL(provider, root: server.root))
            {
                summary.add(event)
            }
            return (summary, nil)
        } catch {
            return (summary, error as? ServiceError ?? .unknown("not a ServiceError: \(error)"))
        }
    }
}
