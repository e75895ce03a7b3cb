import AirFitCore
import Foundation
import Logging
import Testing

@testable import AirFitServer

@Suite("Weekly plan analysis")
struct WeeklyPlanAnalysisTests {
    @Test("Each person's weekly analysis runs once when their week begins, and again only the next week")
    func oncePerWeek() async throws {
        let installation = TestInstallation(clock: TestClock(ISO8601.date(from: "2026-11-23T09:00:00Z")!))
        let store = installation.repository
        var people: [User] = []
        for zone in ["UTC", "Pacific/Auckland"] {
            let user = User(timeZone: zone, weekStart: .monday)
            try await store.createUser(user)
            #expect(try await store.savePlan(TrainingPlan(userID: user.id), expectedVersion: nil, recommendations: []))
            people.append(user)
        }
        // Someone without a plan is never analysed.
        try await store.createUser(User(timeZone: "UTC"))
        let service = weeklyPlanAnalysis(installation.dependencies, logger: Logger(label: "test"))
        #expect(await service.sweep() == 2)
        #expect(await service.sweep() == 0)
        // Sunday 23:00 in UTC is still the same week; in Auckland it is already Monday of the next.
        installation.clock.set(ISO8601.date(from: "2026-11-29T23:00:00Z")!)
        #expect(await service.sweep() == 1)
        installation.clock.set(ISO8601.date(from: "2026-11-30T00:30:00Z")!)
        #expect(await service.sweep() == 1)
        #expect(await service.sweep() == 0)
    }
}
