public import Foundation

/// Why an AI request failed, in words a person can act on.
///
/// No case ever carries an API key: messages from providers are passed through ``SecretRedactor``
/// before they are stored here.
public enum ServiceError: LocalizedError, Sendable {
    /// No provider or key is set up.
    case notConfigured
    /// A setting or request field is invalid; the text names it.
    case invalidConfiguration(String)
    /// The provider could not be reached.
    case networkUnavailable
    /// The provider rejected the key.
    case authenticationFailed(String)
    /// Too many requests; `retryAfter` seconds when the provider said.
    case rateLimitExceeded(retryAfter: Double?)
    /// The provider answered with something unusable.
    case invalidResponse(String)
    /// The stream broke after it had started; content already delivered is incomplete.
    case streamingError(String)
    /// No answer within the deadline.
    case timeout
    /// The answer was still streaming when its total time limit passed; content already delivered is incomplete.
    case responseTooLong(limit: Duration)
    /// The request was cancelled.
    case cancelled
    /// The provider reported an error.
    case providerError(code: String, message: String)
    /// Anything else.
    case unknown(String)

    public var errorDescription: String? {
        switch self {
        case .notConfigured: "Service is not configured"
        case .invalidConfiguration(let detail): "Invalid configuration: \(detail)"
        case .networkUnavailable: "Network connection is unavailable"
        case .authenticationFailed(let reason): "Authentication failed: \(reason)"
        case .rateLimitExceeded(let retryAfter):
            if let retryAfter {
                "Rate limit exceeded. Retry after \(Int(retryAfter.rounded(.up))) seconds"
            } else {
                "Rate limit exceeded"
            }
        case .invalidResponse(let detail): "Invalid response: \(detail)"
        case .streamingError(let detail): "Streaming error: \(detail)"
        case .timeout: "Request timed out"
        case .responseTooLong(let limit): "The answer took longer than \(limit.spokenText), the limit for one answer"
        case .cancelled: "Request was cancelled"
        case .providerError(let code, let message): "Provider error [\(code)]: \(message)"
        case .unknown(let detail): "Unknown error: \(detail)"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .notConfigured: "Choose a provider and save its key with `airfit keys set <provider>`."
        case .invalidConfiguration: "Fix the setting named above and try again."
        case .networkUnavailable: "Check the connection and the provider's base URL, then try again."
        case .authenticationFailed: "The key was rejected: create a new key and save it with `airfit keys set <provider>`."
        case .rateLimitExceeded: "Wait a moment, or check the plan and quota on the provider's dashboard."
        case .invalidResponse, .providerError, .unknown: "Try again; if it keeps failing, try another model or provider."
        case .streamingError: "The answer was cut off; ask again."
        case .timeout: "The provider is slow or unreachable; try again or pick a faster model."
        case .responseTooLong: "The answer was cut off; ask for something shorter, or pick a faster model."
        case .cancelled: nil
        }
    }
}

extension Duration {
    /// The duration in words for messages: "10 minutes", "90 seconds", "250 ms".
    var spokenText: String {
        let (seconds, attoseconds) = components
        if attoseconds != 0 || seconds == 0 {
            let millis = seconds * 1000 + attoseconds / 1_000_000_000_000_000
            return "\(millis) ms"
        }
        if seconds % 60 == 0 { return seconds == 60 ? "1 minute" : "\(seconds / 60) minutes" }
        return seconds == 1 ? "1 second" : "\(seconds) seconds"
    }
}
