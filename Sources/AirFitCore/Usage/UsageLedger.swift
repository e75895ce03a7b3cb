public import Foundation

/// The usage ledger: one row per model call, a token counter per member and month, and the budget held for calls in flight.
///
/// Rules every implementation keeps:
/// - ``reserveUsage(userID:month:tokens:budget:now:)`` admits a call when the month's recorded tokens plus its live
///   reservations are strictly below the budget, atomically: across parallel callers and across several servers on one
///   database. So while reservations are at least what calls use, the month never ends more than one reservation above
///   its budget.
/// - A reservation is live for ``UsageReservation/lifetime`` after the `now` it was made at; after that it holds nothing.
/// - ``recordUsage(_:month:settling:)`` writes the row, adds its tokens to the month and drops the reservation together.
public protocol UsageLedger: Sendable {
    /// Holds `tokens` (the call's worst case) of the member's `month` and returns the reservation, or returns nil when
    /// the tokens recorded plus those reserved already reach `budget`. A nil `budget` always admits.
    /// - Throws: `RepositoryError.invalid` for a negative `tokens`; storage errors.
    func reserveUsage(userID: UUID, month: UsageMonth, tokens: Int, budget: Int?, now: Date) async throws -> UsageReservation?

    /// Inserts the call's row, adds its ``TokenCounts/total`` to the member's `month` and deletes `reservation`, in one
    /// transaction.
    /// - Throws: `RepositoryError.invalid` when the reservation is another member's or a count is out of range.
    func recordUsage(_ record: UsageRecord, month: UsageMonth, settling reservation: UsageReservation?) async throws

    /// Drops a reservation whose call used no tokens (refused or failed before it started).
    func releaseUsageReservation(_ reservation: UsageReservation) async throws

    /// The member's calls in `month`, added up.
    func usageSummary(userID: UUID, month: UsageMonth) async throws -> UsageSummary

    /// The member's latest calls in `month`, newest first, at most `limit` (capped at 1,000).
    func usageRecords(userID: UUID, month: UsageMonth, limit: Int) async throws -> [UsageRecord]
}

extension UsageRecord {
    /// Why the record can't be stored, or nil when it can: what ``UsageLedger/recordUsage(_:month:settling:)`` checks.
    public var storageProblem: String? {
        let counts = [tokens.input, tokens.output, tokens.cachedInput, tokens.reasoning]
        guard counts.allSatisfy({ (0...TokenCounts.maximumPerCall).contains($0) }) else {
            return "A usage record has a token count out of range."
        }
        guard latencyMilliseconds >= 0, (1...100).contains(attempt), (costMicros ?? 0) >= 0 else {
            return "A usage record has a negative latency or cost, or an attempt outside 1…100."
        }
        guard !provider.isEmpty, provider.utf8.count <= 100, model.utf8.count <= 300, createdAt.timeIntervalSince1970.isFinite else {
            return "A usage record's provider or model name is empty or too long."
        }
        return nil
    }
}
