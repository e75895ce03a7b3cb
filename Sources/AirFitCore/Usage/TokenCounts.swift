import Foundation

/// The tokens of one model call, as the provider reported them (or estimated, and marked so, when it reported none).
public struct TokenCounts: Codable, Sendable, Equatable {
    /// Prompt tokens, cached ones included.
    public var input: Int
    /// Completion tokens, reasoning tokens included (as OpenAI reports them).
    public var output: Int
    /// The part of `input` read from the provider's prompt cache.
    public var cachedInput: Int
    /// The part of `output` spent on hidden reasoning.
    public var reasoning: Int
    /// True when the provider reported nothing and these are estimates.
    public var estimated: Bool

    /// Creates counts; cached and reasoning tokens default to none.
    public init(input: Int, output: Int, cachedInput: Int = 0, reasoning: Int = 0, estimated: Bool = false) {
        self.input = input
        self.output = output
        self.cachedInput = cachedInput
        self.reasoning = reasoning
        self.estimated = estimated
    }

    /// No tokens (a refused call).
    public static let zero = TokenCounts(input: 0, output: 0)

    /// What the budget counts: input plus output tokens.
    public var total: Int { input.addingSaturated(output) }

    /// An estimate from text lengths, about four characters per token, rounded up; marked `estimated`.
    public static func estimate(inputCharacters: Int, outputCharacters: Int) -> TokenCounts {
        TokenCounts(input: tokens(inCharacters: inputCharacters), output: tokens(inCharacters: outputCharacters), estimated: true)
    }

    /// The same counts with every number clamped into 0…`limit` and the cached and reasoning parts no larger than
    /// what they are part of: what the ledger stores, whatever a provider sent.
    public func sanitized(limit: Int = TokenCounts.maximumPerCall) -> TokenCounts {
        let input = min(max(0, input), limit)
        let output = min(max(0, output), limit)
        return TokenCounts(
            input: input, output: output, cachedInput: min(max(0, cachedInput), input), reasoning: min(max(0, reasoning), output),
            estimated: estimated)
    }

    /// The most tokens of one kind one call may record (a provider reporting more is clamped to it).
    public static let maximumPerCall = 1_000_000_000

    private static func tokens(inCharacters characters: Int) -> Int {
        guard characters > 0 else { return 0 }
        return characters / 4 + (characters % 4 == 0 ? 0 : 1)
    }
}

extension FixedWidthInteger {
    /// The sum, or the largest / smallest value where it would overflow.
    func addingSaturated(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }
}
