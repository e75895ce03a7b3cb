public import Foundation

/// One step of a member's fallback chain: another provider (and model) to ask when their chosen one fails before it
/// answers (rate limited, down, timed out, unreachable).
public struct AIFallback: Codable, Sendable, Hashable {
    /// The provider id (`anthropic`, `gemini`, …).
    public var provider: String
    /// The model; `nil` uses the provider's default.
    public var model: String?

    /// Creates a step.
    public init(provider: String, model: String? = nil) {
        self.provider = provider
        self.model = model
    }

    /// The most steps a chain holds.
    public static let maxSteps = 3
    /// The longest model id.
    public static let maxModelLength = 200

    /// `chain` with a step for `provider` and `model` (typed text) added at the end.
    /// - Parameters:
    ///   - known: the provider ids that exist.
    ///   - usable: the providers the member can use (a stored key, or none needed).
    ///   - primary: the member's chosen provider, which can't also be a fallback.
    /// - Throws: ``AIFallbackError`` saying what to change.
    public static func adding(
        provider: String, model: String, to chain: [AIFallback], known: Set<String>, usable: Set<String>, primary: String?
    ) throws(AIFallbackError) -> [AIFallback] {
        guard known.contains(provider) else { throw .unknownProvider }
        guard provider != primary else { throw .isPrimary }
        guard !chain.contains(where: { $0.provider == provider }) else { throw .duplicate }
        guard usable.contains(provider) else { throw .noKey }
        guard chain.count < maxSteps else { throw .full(limit: maxSteps) }
        let model = model.trimmingCharacters(in: .whitespacesAndNewlines)
        guard model.count <= maxModelLength, !model.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
            throw .badModel
        }
        return chain + [AIFallback(provider: provider, model: model.isEmpty ? nil : model)]
    }
}

/// Why a fallback was not added.
public enum AIFallbackError: Error, Equatable, Sendable, LocalizedError {
    case unknownProvider
    case isPrimary
    case duplicate
    case noKey
    case full(limit: Int)
    case badModel

    public var errorDescription: String? {
        switch self {
        case .unknownProvider: return "Choose a provider from the list."
        case .isPrimary: return "That's the provider you already use first. Choose another one as a fallback."
        case .duplicate: return "That provider is already in your fallback list."
        case .noKey: return "Add an API key for that provider first (below, under API keys)."
        case .full(let limit): return "You can have up to \(limit) fallbacks. Remove one first."
        case .badModel: return "Enter a model name of at most \(AIFallback.maxModelLength) characters, on one line."
        }
    }
}
