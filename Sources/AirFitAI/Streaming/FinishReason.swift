/// Why the model stopped, normalised across providers.
public enum FinishReason: String, Sendable, Hashable, CaseIterable {
    /// A natural end or a stop sequence.
    case stop
    /// The output token limit was reached.
    case length
    /// The model stopped to call tools.
    case toolCalls = "tool_calls"
    /// A safety or policy filter stopped the output.
    case contentFilter = "content_filter"
    /// The model declined to answer.
    case refusal
    /// The stream carried an error.
    case error
}
