import AirFitAI
import AirFitCore
import AirFitTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Metrics
import Prometheus
import Testing

@testable import AirFitServer

/// The test process's metrics registry: swift-metrics is bootstrapped with it once, as `airfit serve` does.
private let registry: PrometheusCollectorRegistry = {
    let registry = PrometheusCollectorRegistry()
    MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    return registry
}()

@Suite("Prometheus metrics")
struct MetricsRouteTests {
    @Test("An admin reads requests, tokens by provider and provider failures at /metrics; a member finds nothing there")
    func adminReadsMetrics() async throws {
        let installation = {
            var installation = TestInstallation()
            installation.metrics = registry
            return installation
        }()
        try await withProviderServer { provider in
            provider.script("/v1/messages", [.init(chunks: AnthropicWire.text(["Counted."]))])
            try await installation.app().test(.router) { client in
                var web = WebClient(client: client)
                let token = try await OpenAIEndpointTests.setUp(installation, web: &web, provider: provider, scopes: ["openai", "read"])
                let answer = try await OpenAIEndpointTests.completion(
                    client, token: token, body: #"{"model":"claude-test","messages":[{"role":"user","content":"Hi"}]}"#)
                #expect(answer.status == .ok)
                let page = try await web.get("/metrics")
                #expect(page.status == .ok && page.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
                let body = text(page.body)
                #expect(body.contains(#"airfit_model_tokens_total{provider="anthropic",direction="output"}"#))
                #expect(body.contains("hb_requests") && body.contains("http_server_request_duration"))
                let scraped = try await APITokenRouteTests.bearer(client, "/metrics", token: token)
                #expect(scraped.status == .ok, "an admin's token with read scrapes")
                var account = try #require(try await installation.accounts.account(email: "owner@example.com"))
                account.role = .member
                try await installation.accounts.updateAccount(account)
                installation.clock.advance(minutes: 1)  // past the sign-in cache
                #expect(try await web.get("/metrics").status == .notFound)
                #expect(try await client.executeRequest(uri: "/metrics", method: .get, headers: [:], body: nil).status == .unauthorized)
            }
        }
    }
}
