import AirFitAI
import AirFitTestSupport
import Foundation

/// Sends requests to 127.0.0.1 (the tests' fake providers) and refuses every other host, recording it, so a
/// test that would reach a real provider fails loudly instead of using the network.
final class LoopbackOnlyTransport: HTTPTransport {
    private let inner = AsyncHTTPTransport()
    private let refused = Locked<[String]>([])

    /// The hosts of refused requests, in order.
    var refusedHosts: [String] { refused.value }

    func send(_ request: ProviderHTTPRequest, headTimeout: Duration) async throws(TransportError) -> HTTPTransportResponse {
        let host = URLComponents(string: request.url)?.host ?? "?"
        guard host == "127.0.0.1" else {
            refused.update { $0.append(host) }
            throw .connectionFailed("the test transport only reaches 127.0.0.1, not \(host)")
        }
        return try await inner.send(request, headTimeout: headTimeout)
    }
}
