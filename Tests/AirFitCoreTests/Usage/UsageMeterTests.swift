import AirFitCore
import Foundation
import Synchronization
import Testing

/// A clock the test moves by hand.
final class MeterClock: Sendable {
    private let current: Mutex<Date>
    init(_ date: Date) { current = Mutex(date) }
    var now: Date { current.withLock { $0 } }
    func set(_ date: Date) { current.withLock { $0 = date } }
}

@Suite("Usage meter")
struct UsageMeterTests {
    let store = InMemoryStore()
    let member = UUID()
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let clock = MeterClock(ISO8601DateFormatter().date(from: "2026-11-20T10:00:00Z")!)

    var meter: UsageMeter {
        let clock = clock
        return UsageMeter(ledger: store, plans: store, prices: .shipped, now: { clock.now })
    }

    /// Puts the member on a plan with `budget` tokens a month.
    func plan(_ budget: Int?) async throws {
        let plan = UsagePlan(name: "Test", monthlyTokenBudget: budget)
        try await store.saveUsagePlan(plan)
        try await store.assignUsagePlan(plan.id, userID: member)
    }

    func spend(_ tokens: Int, reservation: UsageReservation?) async throws {
        try await meter.record(
            userID: member, timeZone: berlin, purpose: .chat, provider: "openai", model: "gpt-4o-mini",
            tokens: TokenCounts(input: tokens / 2, output: tokens - tokens / 2), latencyMilliseconds: 900, outcome: .completed,
            settling: reservation)
    }

    @Test("With no plan, or an unlimited one, calls are admitted without holding anything, and still recorded")
    func unlimited() async throws {
        #expect(try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 5_000_000) == nil)
        try await plan(nil)
        #expect(try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 5_000_000) == nil)
        try await spend(3_000, reservation: nil)
        let summary = try await meter.summary(userID: member, timeZone: berlin, month: nil)
        #expect(summary.totalTokens == 3_000 && summary.calls == 1)
        #expect(summary.costMicros == 1_500 * 15 / 100 + 1_500 * 60 / 100)
    }

    @Test("At the edge of the budget a call is refused before it starts, saying how much and when it resets")
    func refusedAtTheEdge() async throws {
        try await plan(200_000)
        let first = try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 150_000)
        try await spend(199_999, reservation: first)
        // One token left: still admitted (recorded is below the budget), and that call may end one reservation over.
        let last = try #require(try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 8_000))
        try await spend(6_000, reservation: last)

        let error = await #expect(throws: UsageBudgetError.self) {
            _ = try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 10)
        }
        let reset = ISO8601DateFormatter().date(from: "2026-11-30T23:00:00Z")!
        #expect(error == .exhausted(budget: 200_000, used: 205_999, resetsAt: reset))
        #expect(error?.errorDescription == "You've used this month's 200,000 tokens. Your budget resets on 1 December.")
        #expect(error?.retryAfterSeconds(now: clock.now) == 10 * 86_400 + 13 * 3_600)
        clock.set(reset.addingTimeInterval(-0.2))
        #expect(error?.retryAfterSeconds(now: clock.now) == 1)
    }

    @Test("Replies in flight hold the rest of the budget; releasing one lets the next call in")
    func heldByReservations() async throws {
        try await plan(10_000)
        let held = try #require(try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 10_000))
        let error = await #expect(throws: UsageBudgetError.self) {
            _ = try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 1)
        }
        #expect(error?.errorDescription?.contains("Replies in progress hold the rest of this month's 10,000 tokens") == true)
        try await meter.release(held)
        #expect(try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 1) != nil)
    }

    @Test("A new month in the member's zone resets the budget, an hour before it does in UTC")
    func monthBoundary() async throws {
        try await plan(1_000)
        try await spend(1_000, reservation: try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 1_000))
        let refused = await #expect(throws: UsageBudgetError.self) {
            _ = try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 1)
        }
        guard case .exhausted(_, _, let resetsAt) = refused else { return }
        clock.set(resetsAt.addingTimeInterval(-1))
        await #expect(throws: UsageBudgetError.self) { _ = try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 1) }
        clock.set(resetsAt)
        let december = try #require(try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 500))
        #expect(december.monthKey == "2026-12")
        // Still November in UTC: a member there has not reset yet.
        #expect(UsageMonth.containing(resetsAt, timeZone: TimeZone(identifier: "UTC")!).key == "2026-11")
        let november = try await meter.summary(
            userID: member, timeZone: berlin, month: UsageMonth.containing(resetsAt.addingTimeInterval(-1), timeZone: berlin))
        #expect(november.totalTokens == 1_000)
        #expect(try await meter.summary(userID: member, timeZone: berlin, month: nil).totalTokens == 0)
    }

    @Test("Fifty parallel calls against a 10,000 budget never end above it by more than one reservation")
    func parallelAdmits() async throws {
        try await plan(10_000)
        let meter = meter
        let (member, berlin) = (member, berlin)
        let admitted = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    guard let reservation = try? await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 1_000) else {
                        return 0
                    }
                    try? await meter.record(
                        userID: member, timeZone: berlin, purpose: .openAI, provider: "anthropic", model: "claude-haiku-4-5",
                        tokens: TokenCounts(input: 400, output: 600), latencyMilliseconds: 10, outcome: .completed, settling: reservation)
                    return 1
                }
            }
            return await group.reduce(0, +)
        }
        let used = try await meter.summary(userID: member, timeZone: berlin, month: nil).totalTokens
        #expect(admitted == 10)
        #expect(used == admitted * 1_000)
        #expect(used <= 10_000 + 1_000)
    }

    @Test("A storage failure refuses the call as unavailable, with a short Retry-After")
    func unavailable() async throws {
        let meter = UsageMeter(ledger: FailingLedger(), plans: store, prices: .shipped, now: { Date() })
        try await plan(5_000)
        await #expect(throws: UsageBudgetError.unavailable) {
            _ = try await meter.admit(userID: member, timeZone: berlin, estimatedTokens: 1)
        }
        #expect(UsageBudgetError.unavailable.retryAfterSeconds == 30)
    }

    @Test("The record carries its cost, month and attempt; a refused call records no tokens")
    func recordFields() async throws {
        let record = try await meter.record(
            userID: member, timeZone: berlin, purpose: .goalAnalysis, provider: "gemini", model: "gemini-2.5-flash",
            tokens: TokenCounts(input: 2_000, output: 1_000, reasoning: 300), latencyMilliseconds: -4, outcome: .completed, attempt: 2,
            settling: nil)
        #expect(record.costMicros == Int64(600 + 2_500))
        #expect(record.attempt == 2 && record.latencyMilliseconds == 0 && record.createdAt == clock.now)
        let refused = try await meter.record(
            userID: member, timeZone: berlin, purpose: .chat, provider: "custom", model: "x", tokens: TokenCounts(input: 9, output: 9),
            latencyMilliseconds: 1, outcome: .refused, settling: nil)
        #expect(refused.tokens == .zero && refused.costMicros == nil)
        let month = UsageMonth.containing(clock.now, timeZone: berlin)
        #expect(
            try await store.usageRecords(userID: member, month: month, limit: 10)
                == [refused, record].sorted {
                    $0.createdAt > $1.createdAt || ($0.createdAt == $1.createdAt && $0.id.uuidString > $1.id.uuidString)
                })
    }

    @Test("Retry-After counts from the real clock too")
    func retryAfterNow() {
        let error = UsageBudgetError.exhausted(budget: 1_000, used: 1_000, resetsAt: Date().addingTimeInterval(3_600))
        #expect((3_599...3_601).contains(error.retryAfterSeconds))
        #expect(UsageBudgetError.exhausted(budget: 1_000, used: 1_000, resetsAt: .distantPast).retryAfterSeconds == 1)
    }

    @Test(
        "The reset day is the member's 1st, for zones far east and west of UTC",
        arguments: ["Pacific/Kiritimati", "Pacific/Apia", "Pacific/Pago_Pago", "UTC", "America/Sao_Paulo"])
    func resetDay(zone: String) throws {
        let month = UsageMonth.containing(
            ISO8601DateFormatter().date(from: "2026-12-15T12:00:00Z")!, timeZone: try #require(TimeZone(identifier: zone)))
        let error = UsageBudgetError.exhausted(budget: 2_000, used: 2_500, resetsAt: month.end)
        #expect(error.errorDescription?.hasSuffix("Your budget resets on 1 January.") == true, "\(error.errorDescription ?? "")")
    }
}

/// A ledger whose storage is down.
private struct FailingLedger: UsageLedger {
    struct Down: Error {}
    func reserveUsage(userID: UUID, month: UsageMonth, tokens: Int, budget: Int?, now: Date) async throws -> UsageReservation? {
        throw Down()
    }
    func recordUsage(_ record: UsageRecord, month: UsageMonth, settling reservation: UsageReservation?) async throws { throw Down() }
    func releaseUsageReservation(_ reservation: UsageReservation) async throws { throw Down() }
    func usageSummary(userID: UUID, month: UsageMonth) async throws -> UsageSummary { throw Down() }
    func usageRecords(userID: UUID, month: UsageMonth, limit: Int) async throws -> [UsageRecord] { throw Down() }
}
