public import Foundation

/// The budget rule every model call goes through: admit before it starts, record when it ends.
///
/// A member with no plan, or on an unlimited plan, is admitted without a reservation (``admit(userID:timeZone:estimatedTokens:)``
/// returns nil and touches no reservation): nothing can run out, so nothing needs holding. Their calls are still recorded.
public struct UsageMeter: Sendable {
    private let ledger: any UsageLedger
    private let plans: any UsagePlanRepository
    private let prices: PriceTable
    private let now: @Sendable () -> Date

    /// A meter on `ledger` and `plans`, costing calls with `prices`, reading the time from `now`.
    public init(ledger: any UsageLedger, plans: any UsagePlanRepository, prices: PriceTable, now: @escaping @Sendable () -> Date) {
        self.ledger = ledger
        self.plans = plans
        self.prices = prices
        self.now = now
    }

    /// Admits a call of at most `estimatedTokens` (estimated input plus the maximum output) for the member, holding
    /// them until the call is recorded. Returns the reservation to settle, or nil when the member has no budget.
    /// - Throws: ``UsageBudgetError/exhausted(budget:used:resetsAt:)`` when the month's budget is used up or held;
    ///   ``UsageBudgetError/unavailable`` when the plan or ledger can't be read (the call must not start).
    public func admit(userID: UUID, timeZone: TimeZone, estimatedTokens: Int) async throws(UsageBudgetError) -> UsageReservation? {
        let plan: UsagePlan?
        do { plan = try await plans.usagePlan(userID: userID) } catch { throw .unavailable }
        guard let budget = plan?.monthlyTokenBudget else { return nil }
        let now = now()
        let month = UsageMonth.containing(now, timeZone: timeZone)
        let tokens = min(max(0, estimatedTokens), TokenCounts.maximumPerCall)
        do {
            if let reservation = try await ledger.reserveUsage(userID: userID, month: month, tokens: tokens, budget: budget, now: now) {
                return reservation
            }
        } catch {
            throw .unavailable
        }
        let used: Int
        do { used = try await ledger.usageSummary(userID: userID, month: month).totalTokens } catch { throw .unavailable }
        throw .exhausted(budget: budget, used: used, resetsAt: month.end)
    }

    /// Records a call that ended now: its cost from the price table, in the month and day of the member's zone, settling
    /// the reservation `admit` returned. Token counts are clamped to 0…``TokenCounts/maximumPerCall``.
    /// - Returns: the record written.
    @discardableResult
    public func record(
        userID: UUID, timeZone: TimeZone, purpose: UsagePurpose, provider: String, model: String, tokens: TokenCounts,
        latencyMilliseconds: Int, outcome: UsageOutcome, attempt: Int = 1, settling reservation: UsageReservation?
    ) async throws -> UsageRecord {
        let createdAt = now()
        let counts = outcome == .refused ? TokenCounts.zero : tokens.sanitized()
        let record = UsageRecord(
            userID: userID, createdAt: createdAt, purpose: purpose, provider: String(provider.prefix(100)),
            model: String(model.prefix(300)),
            tokens: counts, latencyMilliseconds: max(0, latencyMilliseconds), outcome: outcome,
            costMicros: prices.cost(counts, provider: provider, model: model), attempt: min(max(1, attempt), 100))
        try await ledger.recordUsage(record, month: UsageMonth.containing(createdAt, timeZone: timeZone), settling: reservation)
        return record
    }

    /// Gives back a reservation whose call used nothing (it failed before its first byte, or was never sent).
    public func release(_ reservation: UsageReservation?) async throws {
        guard let reservation else { return }
        try await ledger.releaseUsageReservation(reservation)
    }

    /// The member's usage in `month`, or in the month it is now in their zone when nil.
    public func summary(userID: UUID, timeZone: TimeZone, month: UsageMonth? = nil) async throws -> UsageSummary {
        try await ledger.usageSummary(userID: userID, month: month ?? UsageMonth.containing(now(), timeZone: timeZone))
    }

    /// The member's plan and this month's usage, for the Subscription page.
    public func status(userID: UUID, timeZone: TimeZone) async throws -> (plan: UsagePlan?, summary: UsageSummary) {
        async let plan = plans.usagePlan(userID: userID)
        async let summary = summary(userID: userID, timeZone: timeZone)
        return try await (plan, summary)
    }
}
