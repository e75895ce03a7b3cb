public import Foundation

/// Why the coach cannot answer, in words a person can act on.
public enum CoachError: Error, LocalizedError, Equatable, Sendable {
    /// No provider is chosen.
    case noProvider
    /// The chosen provider needs a key and none is stored.
    case missingKey(provider: String)
    /// The stored provider id is unknown (an old or edited setting).
    case unknownProvider(String)
    /// The message is empty or too long.
    case invalidMessage(String)

    public var errorDescription: String? {
        switch self {
        case .noProvider:
            return "No AI provider is set up yet. Choose one in Settings → AI provider (or run `airfit keys set <provider>`)."
        case .missingKey(let provider):
            return "\(provider) needs an API key. Add one in Settings → AI provider (or run `airfit keys set`)."
        case .unknownProvider(let name):
            return "The saved AI provider \"\(name)\" is not one AirFit knows. Choose a provider again in Settings → AI provider."
        case .invalidMessage(let why):
            return why
        }
    }
}
