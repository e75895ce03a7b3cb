public import AirFitAI
public import Foundation

/// Which of a member's providers answered a call, and why the ones before it did not.
public struct ServedRoute: Sendable, Equatable {
    /// A provider tried first that failed before answering.
    public struct Skipped: Sendable, Equatable {
        public let provider: AIProviderID
        /// Why, in a few words ("rate limited", "HTTP 503", "timed out", "unreachable").
        public let reason: String
    }

    public let provider: AIProviderID
    /// The model that answered.
    public let model: String
    /// 1 for the member's chosen provider, 2 for the first fallback, …
    public let attempt: Int
    public let skipped: [Skipped]

    /// The chat's small note when a fallback answered, e.g. "Answered by Google Gemini: OpenAI was rate limited."
    public var note: String? {
        guard attempt > 1 else { return nil }
        let reasons = skipped.map { "\(AIProviderCatalog.info($0.provider).displayName) was \($0.reason)" }.joined(separator: "; ")
        return "Answered by \(AIProviderCatalog.info(provider).displayName) (\(model)): \(reasons)."
    }

    /// The `x-airfit-provider` header's value: `provider/model`.
    public var header: String { "\(provider.rawValue)/\(model)" }

    /// Whether `error`, raised before a provider's first byte, lets the call go on to the next provider: rate limits,
    /// server errors (408, 5xx), timeouts and refused or lost connections. A rejected key or a bad request would fail
    /// the same way anywhere it's the member's to fix, so it does not.
    public static func allowsFallback(_ error: any Error) -> Bool {
        guard let error = error as? ServiceError else { return false }
        switch error {
        case .rateLimitExceeded, .timeout, .networkUnavailable: return true
        case .providerError(let code, _): return code == "408" || code.hasPrefix("5") && code.count == 3
        default: return false
        }
    }

    /// How `error` is described in a note.
    static func reason(_ error: any Error) -> String {
        switch error as? ServiceError {
        case .rateLimitExceeded: return "rate limited"
        case .timeout: return "too slow to answer"
        case .networkUnavailable: return "unreachable"
        case .providerError(let code, _): return "failing (HTTP \(code))"
        default: return "failing"
        }
    }
}
