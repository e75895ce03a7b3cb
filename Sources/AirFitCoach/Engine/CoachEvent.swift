public import AirFitCore

/// What happens while the coach answers one message, in order, for a UI to render as it arrives.
public enum CoachEvent: Sendable, Equatable {
    /// The person's message was stored.
    case userMessage(CoachMessage)
    /// A fallback provider is answering because the person's chosen one failed first (``ServedRoute/note``).
    case servedBy(ServedRoute)
    /// A piece of the coach's reply text.
    case textDelta(String)
    /// The coach called a tool; it is running now.
    case toolStarted(callID: String, name: String)
    /// A tool finished; `card` is a one-line summary for the UI when something was logged or read.
    case toolFinished(callID: String, name: String, card: String?, isError: Bool, resultJSON: String)
    /// The reply finished and is stored complete.
    case finished(CoachMessage)
    /// The reply broke off; what arrived is stored marked incomplete with `reason`.
    case incomplete(CoachMessage, reason: String)
}
