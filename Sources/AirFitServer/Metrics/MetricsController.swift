import AirFitCore
import Hummingbird
import Prometheus

/// `GET /metrics`: the server's metrics in Prometheus' text format — requests and their latency by route (Hummingbird's
/// ``MetricsMiddleware``), model calls streaming now, tokens by provider, provider failures — for admins only: an
/// admin's browser session, or an admin's personal access token with the `read` scope as the scraper's bearer token.
/// Everyone else finds nothing here.
struct MetricsController: Sendable {
    let registry: PrometheusCollectorRegistry

    func addRoutes(to group: RouterGroup<APIRequestContext>) {
        group.get("/metrics") { _, context -> Response in
            guard context.account.role == .admin, context.allows(.read) else {
                throw HTTPError(.notFound, message: "There is nothing at this address.")
            }
            var text: [UInt8] = []
            registry.emit(into: &text)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: text)))
        }
    }
}
