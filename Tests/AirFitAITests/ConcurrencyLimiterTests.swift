import Testing

@testable import AirFitAI

@Suite("Per-provider concurrency limit")
struct ConcurrencyLimiterTests {
    @Test("At most five requests per provider run at once; others wait, other providers do not")
    func limit() async {
        let limiter = ConcurrencyLimiter(limit: ServiceConfiguration().maxConcurrentRequestsPerProvider)
        for _ in 0..<5 { await limiter.acquire(.openai) }
        #expect(await limiter.inFlight(.openai) == 5)
        let waiter = Task { await limiter.acquire(.openai) }
        await limiter.acquire(.anthropic)
        #expect(await limiter.inFlight(.anthropic) == 1)
        try? await Task.sleep(for: .milliseconds(50))
        #expect(await limiter.inFlight(.openai) == 5)
        await limiter.release(.openai)
        await waiter.value
        #expect(await limiter.inFlight(.openai) == 5)
        for _ in 0..<5 { await limiter.release(.openai) }
        #expect(await limiter.inFlight(.openai) == 0)
    }

    @Test("Each key has its own five slots, so one person's replies never queue behind another's; a keyless address is shared")
    func lanesPerAccount() async {
        let limiter = ConcurrencyLimiter(limit: 5)
        let alice = ProviderLane(ProviderEndpoint(provider: .openai, key: "sk-alice-key-000000000000"))
        let bob = ProviderLane(ProviderEndpoint(provider: .openai, key: "sk-bob-key-0000000000000000"))
        #expect(alice != bob)
        for _ in 0..<5 { await limiter.acquire(alice) }
        await limiter.acquire(bob)
        #expect(await limiter.inFlight(bob) == 1, "Bob did not wait for Alice's five")
        let local = ProviderLane(ProviderEndpoint(provider: .ollama, baseURL: "http://127.0.0.1:11434"))
        #expect(local == ProviderLane(ProviderEndpoint(provider: .ollama, baseURL: "http://127.0.0.1:11434/")))
        #expect(local != ProviderLane(ProviderEndpoint(provider: .ollama, baseURL: "http://10.0.0.2:11434")))
    }
}
