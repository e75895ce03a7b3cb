import Foundation

/// A member's usage in one month: totals and the breakdowns the Subscription page and `airfit usage` show.
public struct UsageSummary: Sendable, Equatable {
    /// The month summed.
    public var month: UsageMonth
    /// Input plus output tokens of every call.
    public var totalTokens: Int
    /// The sum of the calls' known costs, US dollars × 1,000,000.
    public var costMicros: Int64
    /// True when some call has no cost (its model has no price), so `costMicros` is less than the real cost.
    public var hasUnpricedCalls: Bool
    /// True when some call's tokens are estimates.
    public var hasEstimates: Bool
    /// How many calls were made.
    public var calls: Int
    /// Per provider, most tokens first (ties by name).
    public var byProvider: [ProviderUsage]
    /// Every day of the month in order, days without calls at zero.
    public var byDay: [DayUsage]
    /// Per purpose used, most tokens first (ties in ``UsagePurpose/allCases`` order).
    public var byPurpose: [PurposeUsage]

    /// The summary of `buckets` (grouped calls of the month; any grouping adds up the same).
    public init(month: UsageMonth, buckets: [Bucket]) {
        self.month = month
        totalTokens = buckets.reduce(0) { $0.addingSaturated($1.tokens) }
        costMicros = buckets.reduce(0) { $0.addingSaturated($1.costMicros) }
        hasUnpricedCalls = buckets.contains { $0.unpricedCalls > 0 }
        hasEstimates = buckets.contains { $0.estimatedCalls > 0 }
        calls = buckets.reduce(0) { $0.addingSaturated($1.calls) }

        var providers: [String: ProviderUsage] = [:]
        var days: [String: Int] = [:]
        var purposes: [UsagePurpose: PurposeUsage] = [:]
        for bucket in buckets {
            var provider = providers[bucket.provider] ?? ProviderUsage(bucket.provider)
            provider.add(tokens: bucket.tokens, costMicros: bucket.costMicros, calls: bucket.calls)
            providers[bucket.provider] = provider
            days[bucket.day, default: 0] = days[bucket.day, default: 0].addingSaturated(bucket.tokens)
            var purpose = purposes[bucket.purpose] ?? PurposeUsage(bucket.purpose)
            purpose.add(tokens: bucket.tokens, costMicros: bucket.costMicros, calls: bucket.calls)
            purposes[bucket.purpose] = purpose
        }
        byProvider = providers.values.sorted { ($1.tokens, $0.provider) < ($0.tokens, $1.provider) }
        byDay = month.days().map { DayUsage(day: $0, tokens: days[$0] ?? 0) }
        let order = Dictionary(uniqueKeysWithValues: UsagePurpose.allCases.enumerated().map { ($1, $0) })
        byPurpose = purposes.values.sorted { ($1.tokens, order[$0.purpose] ?? 0) < ($0.tokens, order[$1.purpose] ?? 0) }
    }

    /// Calls of one provider, day and purpose added up: what a store reads back to build a summary.
    public struct Bucket: Sendable, Equatable {
        /// The provider id.
        public var provider: String
        /// The day ("2026-11-23") in the member's zone.
        public var day: String
        /// The purpose.
        public var purpose: UsagePurpose
        /// Input plus output tokens.
        public var tokens: Int
        /// Known costs, US dollars × 1,000,000.
        public var costMicros: Int64
        /// Calls.
        public var calls: Int
        /// Calls without a cost.
        public var unpricedCalls: Int
        /// Calls with estimated tokens.
        public var estimatedCalls: Int

        /// Creates a bucket.
        public init(
            provider: String, day: String, purpose: UsagePurpose, tokens: Int, costMicros: Int64, calls: Int, unpricedCalls: Int,
            estimatedCalls: Int
        ) {
            self.provider = provider
            self.day = day
            self.purpose = purpose
            self.tokens = tokens
            self.costMicros = costMicros
            self.calls = calls
            self.unpricedCalls = unpricedCalls
            self.estimatedCalls = estimatedCalls
        }

        /// One call as a bucket of its own.
        public init(_ record: UsageRecord, in month: UsageMonth) {
            self.init(
                provider: record.provider, day: month.dayKey(of: record.createdAt), purpose: record.purpose, tokens: record.tokens.total,
                costMicros: record.costMicros ?? 0, calls: 1, unpricedCalls: record.costMicros == nil ? 1 : 0,
                estimatedCalls: record.tokens.estimated ? 1 : 0)
        }
    }
}

/// One day's tokens.
public struct DayUsage: Sendable, Equatable {
    /// "2026-11-23", in the member's zone.
    public var day: String
    /// Input plus output tokens.
    public var tokens: Int

    /// Creates a row.
    public init(day: String, tokens: Int) {
        self.day = day
        self.tokens = tokens
    }
}

/// One provider's or one purpose's share of a month.
public struct UsageShare<Key: Sendable & Equatable>: Sendable, Equatable {
    /// The provider id, or the purpose.
    public var key: Key
    /// Input plus output tokens.
    public var tokens: Int
    /// Known costs, US dollars × 1,000,000.
    public var costMicros: Int64
    /// Calls.
    public var calls: Int

    /// Creates a row.
    public init(_ key: Key, tokens: Int = 0, costMicros: Int64 = 0, calls: Int = 0) {
        self.key = key
        self.tokens = tokens
        self.costMicros = costMicros
        self.calls = calls
    }

    mutating func add(tokens: Int, costMicros: Int64, calls: Int) {
        self.tokens = self.tokens.addingSaturated(tokens)
        self.costMicros = self.costMicros.addingSaturated(costMicros)
        self.calls = self.calls.addingSaturated(calls)
    }
}

/// One provider's share of a month.
public typealias ProviderUsage = UsageShare<String>
/// One purpose's share of a month.
public typealias PurposeUsage = UsageShare<UsagePurpose>

extension UsageShare where Key == String {
    /// The provider id.
    public var provider: String { key }
}

extension UsageShare where Key == UsagePurpose {
    /// The purpose.
    public var purpose: UsagePurpose { key }
}
