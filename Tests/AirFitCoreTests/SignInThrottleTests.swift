import AirFitCore
import Foundation
import Testing

@Suite("Sign-in throttle")
struct SignInThrottleTests {
    @Test(
        "Five attempts are free, then each waits a delay that doubles up to 15 minutes",
        arguments: [(1, 0.0), (5, 0.0), (6, 30.0), (7, 60.0), (8, 120.0), (10, 480.0), (11, 900.0), (40, 900.0)])
    func delays(count: Int, seconds: Double) {
        #expect(SignInThrottle.delay(beforeAttempt: count) == seconds)
    }

    @Test("An attempt inside the delay waits with the time left; after it, the password is checked")
    func decisions() {
        let previous = Date(timeIntervalSince1970: 1_000)
        #expect(SignInThrottle.decision(count: 5, previous: previous, now: previous) == .check)
        #expect(SignInThrottle.decision(count: 6, previous: previous, now: previous.addingTimeInterval(10)) == .wait(seconds: 20))
        #expect(SignInThrottle.decision(count: 6, previous: previous, now: previous.addingTimeInterval(30)) == .check)
        #expect(SignInThrottle.decision(count: 12, previous: previous, now: previous.addingTimeInterval(60)) == .wait(seconds: 840))
        #expect(SignInThrottle.message(waiting: 840) == "Too many attempts. Try again in 14 minutes.")
        #expect(SignInThrottle.message(waiting: 1) == "Too many attempts. Try again in 1 second.")
    }

    @Test("Attempts are counted per key, reset by a success, and forgotten after a day")
    func repository() async throws {
        let attempts = InMemorySignInAttemptRepository()
        let start = Date(timeIntervalSince1970: 0)
        for expected in 1...3 { #expect(try await attempts.recordAttempt(key: "a", now: start).count == expected) }
        #expect(try await attempts.recordAttempt(key: "b", now: start).count == 1)
        try await attempts.resetAttempts(key: "a")
        #expect(try await attempts.recordAttempt(key: "a", now: start) == SignInAttempt(count: 1, previous: nil))
        let later = start.addingTimeInterval(SignInThrottle.memory + 1)
        #expect(try await attempts.recordAttempt(key: "b", now: later).count == 1)
    }
}
