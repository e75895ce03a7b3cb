/// One normalised event decoded from a provider's stream.
///
/// Every provider decoder maps its wire format onto these cases, so the coach engine never sees a
/// provider-specific shape. Tool calls are announced with ``toolCallStart(index:id:name:)``, may
/// receive argument fragments, and end with ``toolCallComplete(index:id:name:argumentsJSON:)``, whose
/// values are authoritative.
public enum StreamEvent: Sendable, Hashable {
    /// A piece of the answer text.
    case textDelta(String)
    /// A piece of the model's visible reasoning ("thinking").
    case reasoningDelta(String)
    /// A piece of a refusal message.
    case refusalDelta(String)
    /// A tool call was opened. `index` identifies it within the stream; `id` is the provider's.
    case toolCallStart(index: Int, id: String?, name: String)
    /// A fragment of a tool call's JSON arguments; fragments concatenate.
    case toolCallArgumentsDelta(index: Int, fragment: String)
    /// A tool call is complete with its full arguments text.
    case toolCallComplete(index: Int, id: String?, name: String, argumentsJSON: String)
    /// Token counts; `nil` fields were not reported by this event and keep their earlier values.
    case usage(inputTokens: Int?, outputTokens: Int?)
    /// Parts of the token counts above, when the provider reports them: input read from its prompt cache, and output
    /// spent on hidden reasoning. `nil` fields were not reported.
    case usageDetails(cachedInputTokens: Int?, reasoningTokens: Int?)
    /// The model stopped.
    case finish(FinishReason)
    /// The provider reported an error inside the stream; `message` is verbatim.
    case error(code: String?, message: String)
}
