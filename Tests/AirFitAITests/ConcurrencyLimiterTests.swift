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
}
