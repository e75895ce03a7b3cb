import AirFitCore
import Foundation
import SQLKit
import Testing

@testable import AirFitStore

/// The usage ledger and plans on every backend: the SQL stores must answer as the in-memory one does.
@Suite("Usage store")
struct UsageStoreTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// 20 November 2026, 10:00 UTC.
    static let noon = Date(timeIntervalSince1970: 1_795_168_800)
    static let november = UsageMonth.containing(noon, timeZone: berlin)

    static func record(
        _ user: UUID, at date: Date, provider: String = "openai", model: String = "gpt-4o", purpose: UsagePurpose = .chat,
        input: Int = 100, output: Int = 50, cost: Int64? = 10, estimated: Bool = false
    ) -> UsageRecord {
        UsageRecord(
            userID: user, createdAt: date, purpose: purpose, provider: provider, model: model,
            tokens: TokenCounts(input: input, output: output, cachedInput: input / 4, reasoning: output / 5, estimated: estimated),
            latencyMilliseconds: 1_234, outcome: .completed, costMicros: cost, attempt: 1)
    }

    @Test("The summary adds up a member's month by provider, day (every day, zero-filled) and purpose", arguments: Backend.allCases)
    func summary(backend: Backend) async throws {
        try await backend.withStore { store in
            let ledger = store.repository
            let (me, other) = (UUID(), UUID())
            let month = Self.november
            // 23:30 UTC on the 30th is 00:30 on 1 December in Berlin: next month's.
            let lastMinute = month.end.addingTimeInterval(-60)
            let records = [
                Self.record(me, at: month.start, provider: "openai", input: 1_000, output: 500, cost: 7_000),
                Self.record(
                    me, at: month.start.addingTimeInterval(3_600), provider: "anthropic", model: "claude-haiku-4-5", input: 3_000,
                    output: 1_000, cost: 8_000),
                Self.record(me, at: Self.noon, provider: "anthropic", purpose: .openAI, input: 300, output: 200, cost: nil),
                Self.record(
                    me, at: Self.noon.addingTimeInterval(1), provider: "ollama", model: "llama3.2", purpose: .goalAnalysis, input: 10,
                    output: 10, cost: 0, estimated: true),
                Self.record(me, at: lastMinute, provider: "openai", purpose: .openAI, input: 40, output: 60, cost: 5),
            ]
            for record in records { try await ledger.recordUsage(record, month: month, settling: nil) }
            let december = UsageMonth.containing(month.end, timeZone: Self.berlin)
            try await ledger.recordUsage(Self.record(me, at: month.end, input: 9_999), month: december, settling: nil)
            try await ledger.recordUsage(Self.record(other, at: Self.noon, input: 7_777), month: month, settling: nil)

            let summary = try await ledger.usageSummary(userID: me, month: month)
            #expect(summary.month == month)
            #expect(summary.totalTokens == 1_500 + 4_000 + 500 + 20 + 100)
            #expect(summary.calls == 5)
            #expect(summary.costMicros == 7_000 + 8_000 + 0 + 5)
            #expect(summary.hasUnpricedCalls && summary.hasEstimates)
            #expect(
                summary.byProvider == [
                    ProviderUsage("anthropic", tokens: 4_500, costMicros: 8_000, calls: 2),
                    ProviderUsage("openai", tokens: 1_600, costMicros: 7_005, calls: 2),
                    ProviderUsage("ollama", tokens: 20, costMicros: 0, calls: 1),
                ])
            #expect(summary.byDay.count == 30)
            #expect(summary.byDay.map(\.day) == month.days())
            let byDay = Dictionary(uniqueKeysWithValues: summary.byDay.map { ($0.day, $0.tokens) })
            #expect(byDay["2026-11-01"] == 5_500)
            #expect(byDay["2026-11-20"] == 520)
            #expect(byDay["2026-11-30"] == 100)
            #expect(summary.byDay.filter { $0.tokens > 0 }.count == 3)
            #expect(
                summary.byPurpose == [
                    PurposeUsage(.chat, tokens: 5_500, costMicros: 15_000, calls: 2),
                    PurposeUsage(.openAI, tokens: 600, costMicros: 5, calls: 2),
                    PurposeUsage(.goalAnalysis, tokens: 20, costMicros: 0, calls: 1),
                ])

            let newest = try await ledger.usageRecords(userID: me, month: month, limit: 3)
            #expect(newest == Array(records.reversed().prefix(3)))
            #expect(try await ledger.usageRecords(userID: me, month: month, limit: 100) == records.reversed())
            #expect(try await ledger.usageRecords(userID: me, month: month, limit: -1).isEmpty)
            let empty = try await ledger.usageSummary(userID: UUID(), month: month)
            #expect(empty.calls == 0 && empty.totalTokens == 0 && !empty.hasUnpricedCalls && empty.byDay.allSatisfy { $0.tokens == 0 })
        }
    }

    @Test("A reservation holds budget for 15 minutes, then holds nothing; recording or releasing it frees it", arguments: Backend.allCases)
    func reservationExpiry(backend: Backend) async throws {
        try await backend.withStore { store in
            let ledger = store.repository
            let me = UUID()
            let month = Self.november
            let first = try #require(try await ledger.reserveUsage(userID: me, month: month, tokens: 1_000, budget: 1_000, now: Self.noon))
            #expect(first.tokens == 1_000 && first.monthKey == "2026-11" && first.userID == me)
            #expect(
                try await ledger.reserveUsage(userID: me, month: month, tokens: 1, budget: 1_000, now: Self.noon.addingTimeInterval(899))
                    == nil)
            // Another member, or another month, is not held by it.
            #expect(try await ledger.reserveUsage(userID: UUID(), month: month, tokens: 1, budget: 1_000, now: Self.noon) != nil)
            let after = try #require(
                try await ledger.reserveUsage(userID: me, month: month, tokens: 600, budget: 1_000, now: Self.noon.addingTimeInterval(900)))
            // The expired one is gone; settling it later changes nothing but the count of what was recorded.
            #expect(
                try await ledger.reserveUsage(userID: me, month: month, tokens: 1, budget: 1_000, now: Self.noon.addingTimeInterval(901))
                    != nil)
            try await ledger.releaseUsageReservation(after)
            try await ledger.recordUsage(Self.record(me, at: Self.noon, input: 300, output: 300), month: month, settling: first)
            // Recorded 600 + the 1-token hold = 601 < 1000: admitted; then 601 + 500 ≥ 1000: refused.
            #expect(
                try await ledger.reserveUsage(userID: me, month: month, tokens: 500, budget: 1_000, now: Self.noon.addingTimeInterval(902))
                    != nil)
            #expect(
                try await ledger.reserveUsage(userID: me, month: month, tokens: 1, budget: 1_000, now: Self.noon.addingTimeInterval(903))
                    == nil)
            // Unlimited always admits.
            #expect(
                try await ledger.reserveUsage(
                    userID: me, month: month, tokens: 5_000_000, budget: nil, now: Self.noon.addingTimeInterval(904)) != nil)
            await #expect(throws: RepositoryError.self) {
                _ = try await ledger.reserveUsage(userID: me, month: month, tokens: -1, budget: nil, now: Self.noon)
            }
        }
    }

    @Test("40 parallel calls at a 10,000 budget: exactly ten are admitted and the month ends at the budget", arguments: Backend.allCases)
    func parallelAdmission(backend: Backend) async throws {
        try await backend.withStore { store in
            let ledger = store.repository
            let me = UUID()
            let month = Self.november
            let admitted = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let now = Self.noon.addingTimeInterval(Double(index))
                        guard let held = try await ledger.reserveUsage(userID: me, month: month, tokens: 1_000, budget: 10_000, now: now)
                        else {
                            return 0
                        }
                        try await ledger.recordUsage(Self.record(me, at: now, input: 500, output: 500), month: month, settling: held)
                        return 1
                    }
                }
                return try await group.reduce(0, +)
            }
            let summary = try await ledger.usageSummary(userID: me, month: month)
            #expect(admitted == 10)
            #expect(summary.totalTokens == 10_000)
            #expect(summary.totalTokens <= 10_000 + 1_000)
            #expect(try await ledger.reserveUsage(userID: me, month: month, tokens: 1, budget: 10_000, now: Self.noon) == nil)
        }
    }

    @Test(
        "A record settling another member's reservation, or with impossible numbers, is refused with nothing written",
        arguments: Backend.allCases)
    func refusedRecords(backend: Backend) async throws {
        try await backend.withStore { store in
            let ledger = store.repository
            let (me, other) = (UUID(), UUID())
            let theirs = try #require(
                try await ledger.reserveUsage(userID: other, month: Self.november, tokens: 10, budget: nil, now: Self.noon))
            await #expect(throws: RepositoryError.invalid("A usage record can't settle another member's reservation.")) {
                try await ledger.recordUsage(Self.record(me, at: Self.noon), month: Self.november, settling: theirs)
            }
            await #expect(throws: RepositoryError.invalid("A usage record has a token count out of range.")) {
                try await ledger.recordUsage(Self.record(me, at: Self.noon, input: -1), month: Self.november, settling: nil)
            }
            let record = Self.record(me, at: Self.noon)
            try await ledger.recordUsage(record, month: Self.november, settling: nil)
            await #expect(throws: RepositoryError.self) { try await ledger.recordUsage(record, month: Self.november, settling: nil) }
            #expect(try await ledger.usageSummary(userID: me, month: Self.november).calls == 1)
        }
    }

    @Test(
        "Deleting a member's data takes their usage rows and assignment, and keeps plans and everyone else's", arguments: Backend.allCases)
    func erase(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let (gone, kept) = (Fixture.user(), Fixture.user())
            let plan = UsagePlan(name: "Family", monthlyTokenBudget: 50_000)
            try await repository.saveUsagePlan(plan)
            let stored = try await repository.usagePlans()
            // Dates are kept as seconds since 1970: within a microsecond of what was saved.
            #expect(stored.count == 1 && abs(stored[0].createdAt.timeIntervalSince(plan.createdAt)) < 0.000_01)
            for user in [gone, kept] {
                try await repository.createUser(user)
                try await repository.assignUsagePlan(plan.id, userID: user.id)
                let held = try await repository.reserveUsage(
                    userID: user.id, month: Self.november, tokens: 10, budget: 50_000, now: Self.noon)
                try await repository.recordUsage(Self.record(user.id, at: Self.noon), month: Self.november, settling: held)
                _ = try await repository.reserveUsage(userID: user.id, month: Self.november, tokens: 10, budget: 50_000, now: Self.noon)
            }
            let counts = try await repository.deleteAllData(userID: gone.id)
            #expect(counts["usage_records"] == 1 && counts["usage_months"] == 1)
            #expect(counts["usage_reservations"] == 1 && counts["usage_plan_assignments"] == 1)
            #expect(try await repository.usageSummary(userID: gone.id, month: Self.november).calls == 0)
            #expect(try await repository.usagePlan(userID: gone.id) == nil)
            #expect(try await repository.usagePlans() == stored)
            #expect(try await repository.usagePlanAssignments() == [kept.id: plan.id])
            #expect(try await repository.usageSummary(userID: kept.id, month: Self.november).calls == 1)
            if let left = try await store.rowCounts(userID: gone.id) {
                for table in AddUsageLedger.memberTables { #expect(left[table] == 0, "\(table): \(left)") }
            }
        }
    }

    @Test("Plans are listed by name, updated in place, assigned, and deleting one unassigns its members", arguments: Backend.allCases)
    func plans(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let created = Date(timeIntervalSince1970: 1_790_000_000.5)
            let light = UsagePlan(name: "light", monthlyTokenBudget: 100_000, createdAt: created)
            let family = UsagePlan(name: "Family", monthlyTokenBudget: nil, createdAt: created)
            let zoo = UsagePlan(name: "Zoo", monthlyTokenBudget: 1_000_000_000_000, createdAt: created)
            for plan in [light, zoo, family] { try await repository.saveUsagePlan(plan) }
            #expect(try await repository.usagePlans() == [family, light, zoo])

            var renamed = light
            renamed.name = "Light plus"
            renamed.monthlyTokenBudget = 250_000
            renamed.createdAt = Date(timeIntervalSince1970: 0)
            try await repository.saveUsagePlan(renamed)
            renamed.createdAt = created
            #expect(try await repository.usagePlans() == [family, renamed, zoo])

            let (ann, bob) = (UUID(), UUID())
            #expect(try await repository.usagePlan(userID: ann) == nil)
            try await repository.assignUsagePlan(light.id, userID: ann)
            try await repository.assignUsagePlan(zoo.id, userID: bob)
            try await repository.assignUsagePlan(light.id, userID: bob)
            #expect(try await repository.usagePlan(userID: ann) == renamed)
            #expect(try await repository.usagePlanAssignments() == [ann: light.id, bob: light.id])
            try await repository.assignUsagePlan(nil, userID: bob)
            #expect(try await repository.usagePlan(userID: bob) == nil)
            await #expect(throws: RepositoryError.notFound("The usage plan")) { try await repository.assignUsagePlan(UUID(), userID: bob) }

            try await repository.deleteUsagePlan(id: light.id)
            #expect(try await repository.usagePlan(userID: ann) == nil)
            #expect(try await repository.usagePlanAssignments().isEmpty)
            #expect(try await repository.usagePlans() == [family, zoo])
            try await repository.deleteUsagePlan(id: UUID())

            for bad in [UsagePlan(name: " ", monthlyTokenBudget: nil), UsagePlan(name: "Tiny", monthlyTokenBudget: 999)] {
                await #expect(throws: RepositoryError.self) { try await repository.saveUsagePlan(bad) }
            }
            #expect(try await repository.usagePlans().count == 2)
        }
    }

    @Test("Upgrading a database that holds people adds the usage tables empty", arguments: Backend.sql)
    func upgrade(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let user = Fixture.user()
            try await store.repository.createUser(user)
            let migration = AddUsageLedger()
            try await migration.revert(on: database.database)
            try await database.rawSQL().raw("DELETE FROM _fluent_migrations WHERE name = \(bind: migration.name)").run()
            #expect(try await database.pendingMigrations() == ["AirFit.AddUsageLedger.v18"])
            try await database.migrate()
            #expect(try await database.pendingMigrations().isEmpty)
            #expect(try await store.repository.usagePlans().isEmpty)
            #expect(
                try await store.repository.reserveUsage(userID: user.id, month: Self.november, tokens: 5, budget: 1_000, now: Self.noon)
                    != nil)
        }
    }
}
