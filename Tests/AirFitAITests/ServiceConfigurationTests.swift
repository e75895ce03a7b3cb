import AirFitAI
import Testing

@Suite("Retry policy and secrets")
struct ServiceConfigurationTests {
    @Test("Backoff doubles from one second, adds at most 30 % jitter, and is capped")
    func backoff() {
        let configuration = ServiceConfiguration()
        #expect(configuration.backoff(retry: 0, jitter: 0) == .seconds(1))
        #expect(configuration.backoff(retry: 1, jitter: 0) == .seconds(2))
        #expect(configuration.backoff(retry: 2, jitter: 0.3) == .milliseconds(5200))
        #expect(configuration.backoff(retry: 10, jitter: 0) == .seconds(30))
        #expect(configuration.aiTimeout == .seconds(60) && configuration.requestTimeout == .seconds(30))
        #expect(configuration.maxConcurrentRequestsPerProvider == 5)
    }

    @Test("The redactor removes every key from text")
    func redactor() {
        let redactor = SecretRedactor(["sk-secret-123", nil, ""])
        #expect(redactor.redact("bad key sk-secret-123 (sk-secret-123)") == "bad key [redacted] ([redacted])")
    }

    @Test(
        "Error messages say what to do", arguments: [ServiceError.notConfigured, .authenticationFailed("x"), .timeout, .networkUnavailable])
    func messages(_ error: ServiceError) {
        #expect(error.errorDescription?.isEmpty == false)
        #expect(error.recoverySuggestion?.isEmpty == false)
    }

    @Test("Rate limit message rounds the wait up to whole seconds")
    func rateLimitMessage() {
        #expect(ServiceError.rateLimitExceeded(retryAfter: 1.2).errorDescription == "Rate limit exceeded. Retry after 2 seconds")
        #expect(ServiceError.rateLimitExceeded(retryAfter: nil).errorDescription == "Rate limit exceeded")
    }
}
