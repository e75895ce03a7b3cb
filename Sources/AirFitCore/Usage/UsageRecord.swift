public import Foundation

/// One model call in the usage ledger.
public struct UsageRecord: Codable, Sendable, Equatable, Identifiable {
    /// The row's id.
    public var id: UUID
    /// The member the call was made for.
    public var userID: UUID
    /// When the call ended (it is counted in the month and day containing this instant, in the member's zone).
    public var createdAt: Date
    /// Why the call was made.
    public var purpose: UsagePurpose
    /// The provider that served it ("openai", "anthropic", …).
    public var provider: String
    /// The model id sent to the provider.
    public var model: String
    /// The tokens, as reported or estimated.
    public var tokens: TokenCounts
    /// From the request's start to its end.
    public var latencyMilliseconds: Int
    /// How the call ended.
    public var outcome: UsageOutcome
    /// The cost in US dollars × 1,000,000; nil when the price table has no price for the model.
    public var costMicros: Int64?
    /// Which provider of the fallback chain served it: 1 for the first, 2 for the next, …
    public var attempt: Int

    /// Creates a record.
    public init(
        id: UUID = UUID(), userID: UUID, createdAt: Date, purpose: UsagePurpose, provider: String, model: String, tokens: TokenCounts,
        latencyMilliseconds: Int, outcome: UsageOutcome, costMicros: Int64?, attempt: Int = 1
    ) {
        self.id = id
        self.userID = userID
        self.createdAt = createdAt
        self.purpose = purpose
        self.provider = provider
        self.model = model
        self.tokens = tokens
        self.latencyMilliseconds = latencyMilliseconds
        self.outcome = outcome
        self.costMicros = costMicros
        self.attempt = attempt
    }
}
