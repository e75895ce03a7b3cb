import AirFitCore
import Foundation

/// A `usage_records` row.
struct UsageRecordRow: Codable {
    static let columns =
        "id, user_id, created_at, month_key, day_key, purpose, provider, model, input_tokens, output_tokens, "
        + "cached_input_tokens, reasoning_tokens, estimated, latency_ms, outcome, cost_micros, attempt"

    var id: UUID
    var userID: UUID
    var createdAt: Double
    var monthKey: String
    var dayKey: String
    var purpose: String
    var provider: String
    var model: String
    var inputTokens: Int
    var outputTokens: Int
    var cachedInputTokens: Int
    var reasoningTokens: Int
    var estimated: Bool
    var latencyMilliseconds: Int
    var outcome: String
    var costMicros: Int64?
    var attempt: Int

    enum CodingKeys: String, CodingKey {
        case id, purpose, provider, model, estimated, outcome, attempt
        case userID = "user_id", createdAt = "created_at", monthKey = "month_key", dayKey = "day_key"
        case inputTokens = "input_tokens", outputTokens = "output_tokens", cachedInputTokens = "cached_input_tokens"
        case reasoningTokens = "reasoning_tokens", latencyMilliseconds = "latency_ms", costMicros = "cost_micros"
    }

    init(_ record: UsageRecord, month: UsageMonth) {
        id = record.id
        userID = record.userID
        createdAt = record.createdAt.timeIntervalSince1970
        monthKey = month.key
        dayKey = month.dayKey(of: record.createdAt)
        purpose = record.purpose.rawValue
        provider = record.provider
        model = record.model
        inputTokens = record.tokens.input
        outputTokens = record.tokens.output
        cachedInputTokens = record.tokens.cachedInput
        reasoningTokens = record.tokens.reasoning
        estimated = record.tokens.estimated
        latencyMilliseconds = record.latencyMilliseconds
        outcome = record.outcome.rawValue
        costMicros = record.costMicros
        attempt = record.attempt
    }

    /// The stored call; a row with an unknown purpose or outcome, or a date that isn't a time, is reported as damaged.
    func domain() throws -> UsageRecord {
        guard let purpose = UsagePurpose(rawValue: purpose), let outcome = UsageOutcome(rawValue: outcome), createdAt.isFinite else {
            throw RepositoryError.invalid("A stored usage record is damaged and can't be read.")
        }
        return UsageRecord(
            id: id, userID: userID, createdAt: Date(timeIntervalSince1970: createdAt), purpose: purpose, provider: provider,
            model: model,
            tokens: TokenCounts(
                input: inputTokens, output: outputTokens, cachedInput: cachedInputTokens, reasoning: reasoningTokens, estimated: estimated),
            latencyMilliseconds: latencyMilliseconds, outcome: outcome, costMicros: costMicros, attempt: attempt)
    }
}

/// One group of a month's calls, as the summary query adds them up.
struct UsageBucketRow: Decodable {
    var provider: String
    var dayKey: String
    var purpose: String
    var tokens: Int
    var cost: Int64
    var calls: Int
    var unpriced: Int
    var estimates: Int

    enum CodingKeys: String, CodingKey {
        case provider, purpose, tokens, cost, calls, unpriced, estimates
        case dayKey = "day_key"
    }

    func domain() throws -> UsageSummary.Bucket {
        guard let purpose = UsagePurpose(rawValue: purpose) else {
            throw RepositoryError.invalid("A stored usage record is damaged and can't be read.")
        }
        return UsageSummary.Bucket(
            provider: provider, day: dayKey, purpose: purpose, tokens: tokens, costMicros: cost, calls: calls, unpricedCalls: unpriced,
            estimatedCalls: estimates)
    }
}

/// A `usage_plans` row.
struct UsagePlanRow: Decodable {
    static let columns = "id, name, monthly_token_budget, created_at"

    var id: UUID
    var name: String
    var monthlyTokenBudget: Int?
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case id, name
        case monthlyTokenBudget = "monthly_token_budget", createdAt = "created_at"
    }

    func domain() -> UsagePlan {
        UsagePlan(id: id, name: name, monthlyTokenBudget: monthlyTokenBudget, createdAt: Date(timeIntervalSince1970: createdAt))
    }
}
