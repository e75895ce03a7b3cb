import Foundation
import Testing

@testable import AirFitServer

@Suite("Login rate limiter")
struct LoginRateLimiterTests {
    @Test("Five failures lock a key for fifteen minutes; other keys and a success are unaffected")
    func window() async {
        let limiter = LoginRateLimiter()
        let start = Date(timeIntervalSince1970: 1_000_000)
        for minute in 0..<5 { await limiter.recordFailure("a|1.2.3.4", now: start + Double(minute) * 60) }
        #expect(await !limiter.allows("a|1.2.3.4", now: start + 5 * 60))
        #expect(await limiter.allows("a|5.6.7.8", now: start + 5 * 60))
        // The first failure leaves the window 15 minutes after it happened.
        #expect(await limiter.allows("a|1.2.3.4", now: start + 15 * 60 + 1))
        await limiter.reset("a|1.2.3.4")
        #expect(await limiter.allows("a|1.2.3.4", now: start + 5 * 60))
    }
}
