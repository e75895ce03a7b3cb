/// Why a coach reply ended before the provider finished it, when the provider did not end it: the reason stored
/// with the partial reply and shown beside it.
public enum ReplyInterruption: String, Sendable, Equatable, CaseIterable {
    /// The person pressed Stop (or Ctrl-C at the terminal).
    case stoppedByYou
    /// The page that asked went away (reloaded, closed, lost its network) while the reply streamed.
    case connectionLost
    /// The server was asked to stop (SIGTERM, Ctrl-C) while the reply streamed.
    case serverStopping
    /// The server ended without finishing the reply (a crash or kill) and found it at its next start.
    case serverRestarted

    /// What the chat shows beside the partial reply.
    public var reason: String {
        switch self {
        case .stoppedByYou: "You stopped the reply."
        case .connectionLost: "The page was closed or reloaded before the reply finished; what had arrived is kept."
        case .serverStopping: "The server was stopped before the reply finished; what had arrived is kept."
        case .serverRestarted: "The server stopped before the reply finished; what had arrived is kept."
        }
    }

    /// The reason a reply carries while it is being written (stored before the first word, replaced at the end).
    public static let stillWriting = "The reply is still being written."
}
