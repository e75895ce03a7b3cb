import AirFitAI
import Metrics

/// What model calls report to swift-metrics (exported by `airfit serve` at `/metrics`): tokens by provider, replies
/// streaming now, and provider failures. Without a metrics backend these record nothing.
enum ModelMetrics {
    /// A call started streaming.
    static func started(_ provider: AIProviderID) {
        Meter(label: "airfit_model_active_streams", dimensions: [("provider", provider.rawValue)]).increment()
    }

    /// A call ended, having used `input` and `output` tokens.
    static func ended(_ provider: AIProviderID, input: Int, output: Int) {
        Meter(label: "airfit_model_active_streams", dimensions: [("provider", provider.rawValue)]).decrement()
        Counter(label: "airfit_model_tokens_total", dimensions: [("provider", provider.rawValue), ("direction", "input")])
            .increment(by: max(0, input))
        Counter(label: "airfit_model_tokens_total", dimensions: [("provider", provider.rawValue), ("direction", "output")])
            .increment(by: max(0, output))
    }

    /// A provider failed before answering (`reason` is a short fixed word, never a message).
    static func upstreamError(_ provider: AIProviderID, reason: String) {
        Counter(label: "airfit_model_upstream_errors_total", dimensions: [("provider", provider.rawValue), ("reason", reason)]).increment()
    }
}
