import AirFitCore
import Foundation
import Testing

@testable import AirFitStore

/// What only a shared PostgreSQL meets: several servers admitting calls for the same member at once.
extension UsageStoreTests {
    @Test("Two servers on one PostgreSQL, 20 calls each at once, admit exactly the budget between them", arguments: [Backend.postgres])
    func twoServers(backend: Backend) async throws {
        try await backend.withStore { store in
            let first = try store.requireDatabase()
            let second = try await AirFitDatabase.open(first.configuration, logger: TestLog.logger)
            let me = UUID()
            let month = Self.november
            do {
                let admitted = try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<40 {
                        let ledger: any UsageLedger = index.isMultiple(of: 2) ? first.store : second.store
                        group.addTask {
                            let now = Self.noon.addingTimeInterval(Double(index))
                            guard let held = try await ledger.reserveUsage(userID: me, month: month, tokens: 700, budget: 7_000, now: now)
                            else { return 0 }
                            try await ledger.recordUsage(Self.record(me, at: now, input: 300, output: 400), month: month, settling: held)
                            return 1
                        }
                    }
                    return try await group.reduce(0, +)
                }
                #expect(admitted == 10)
                #expect(try await second.store.usageSummary(userID: me, month: month).totalTokens == 7_000)
            } catch {
                await second.shutdown()
                throw error
            }
            await second.shutdown()
        }
    }
}
