import AirFitCore
import Foundation
import Testing

@testable import AirFitStore

/// The training plan and its recommendations, on every backend: the SQL stores must answer as the in-memory one does.
@Suite("Training plan store")
struct TrainingPlanStoreTests {
    @Test("A first plan is saved once: a second first save is refused and changes nothing", arguments: Backend.allCases)
    func firstPlan(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let user = UUID()
            let none = try await repository.trainingPlan(userID: user)
            #expect(none == nil)
            let plan = Fixture.plan(userID: user)
            try await Self.saveFirst(plan, in: repository)
            #expect(try await repository.trainingPlan(userID: user) == plan)

            let other = Fixture.plan(userID: user)
            let pending = Fixture.recommendations(for: other)[0]
            #expect(try await repository.savePlan(other, expectedVersion: nil, recommendations: [pending]) == false)
            #expect(try await repository.trainingPlan(userID: user) == plan)
            #expect(try await repository.recommendations(userID: user).isEmpty)
        }
    }

    @Test(
        "A save from the stored version wins; one from an older version saves neither plan nor recommendations", arguments: Backend.allCases
    )
    func versionedSave(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let plan = Fixture.plan(userID: UUID())
            try await Self.saveFirst(plan, in: repository)
            var next = plan
            next.version = 2
            next.goalDay = "2027-05-01"
            next.sessions.removeLast()
            let accepted = Fixture.recommendations(for: plan)[1]
            #expect(try await repository.savePlan(next, expectedVersion: 1, recommendations: [accepted]))
            #expect(try await repository.trainingPlan(userID: plan.userID) == next)
            #expect(try await repository.recommendations(userID: plan.userID) == [accepted])

            var stale = plan
            stale.version = 2
            var late = accepted
            late.status = .acknowledged
            let fresh = Fixture.recommendations(for: plan)[0]
            #expect(try await repository.savePlan(stale, expectedVersion: 1, recommendations: [late, fresh]) == false)
            #expect(try await repository.savePlan(stale, expectedVersion: 3, recommendations: [late, fresh]) == false)
            #expect(try await repository.trainingPlan(userID: plan.userID) == next)
            #expect(try await repository.recommendations(userID: plan.userID) == [accepted])
        }
    }

    @Test("Of ten saves from the same version at once, exactly one is kept", arguments: Backend.allCases)
    func concurrentSaves(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let plan = Fixture.plan(userID: UUID())
            try await Self.saveFirst(plan, in: repository)
            let attempts = (0..<10).map { index -> TrainingPlan in
                var edited = plan
                edited.version = 2
                edited.goalDay = "2027-06-\(10 + index)"
                return edited
            }
            let winners = try await withThrowingTaskGroup(of: TrainingPlan?.self) { group in
                for attempt in attempts {
                    group.addTask { try await repository.savePlan(attempt, expectedVersion: 1, recommendations: []) ? attempt : nil }
                }
                return try await group.reduce(into: [TrainingPlan]()) { if let won = $1 { $0.append(won) } }
            }
            #expect(winners.count == 1)
            #expect(try await repository.trainingPlan(userID: plan.userID) == winners.first)
        }
    }

    @Test("A recommendation for someone else makes the save fail with nothing written", arguments: Backend.allCases)
    func foreignRecommendation(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let plan = Fixture.plan(userID: UUID())
            try await Self.saveFirst(plan, in: repository)
            var next = plan
            next.version = 2
            let own = Fixture.recommendations(for: plan)[0]
            let foreign = Fixture.recommendations(for: Fixture.plan(userID: UUID()))[0]
            await #expect(throws: RepositoryError.invalid("A recommendation belongs to another user.")) {
                _ = try await repository.savePlan(next, expectedVersion: 1, recommendations: [own, foreign])
            }
            #expect(try await repository.trainingPlan(userID: plan.userID) == plan)
            #expect(try await repository.recommendations(userID: plan.userID).isEmpty)
            #expect(try await repository.recommendations(userID: foreign.userID).isEmpty)
        }
    }

    @Test("Every kind of change, scope, value, state and applier reads back as saved", arguments: Backend.allCases)
    func recommendationRoundTrip(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let plan = Fixture.plan(userID: UUID())
            let saved = Fixture.recommendations(for: plan)
            #expect(Set(saved.map(\.change.kind)) == Set(PlanChange.Kind.allCases))
            try await repository.saveRecommendations(saved)
            #expect(try await repository.recommendations(userID: plan.userID) == saved.reversed())
            for recommendation in saved {
                #expect(try await repository.recommendation(id: recommendation.id, userID: plan.userID) == recommendation)
            }

            // Saving again by id replaces the row: the decision and its dates are what is read back.
            var decided = saved[0]
            decided.status = .applied
            decided.appliedBy = .person
            decided.appliedAt = Fixture.at(9_000.123_456)
            decided.updatedAt = Fixture.at(9_000.5)
            decided.change.planVersion = 7
            try await repository.saveRecommendations([decided])
            #expect(try await repository.recommendation(id: decided.id, userID: plan.userID) == decided)
            #expect(try await repository.recommendations(userID: plan.userID).count == saved.count)
        }
    }

    @Test("The feed is newest first (ties by id), and holds only the person's own", arguments: Backend.allCases)
    func feedOrder(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let mine = Fixture.plan(userID: UUID())
            let theirs = Fixture.plan(userID: UUID())
            let change = Fixture.changes(for: mine)[0]
            let times = [5.0, 1.0, 5.0, 3.0, 5.0, 2.0]
            let own = times.map { Recommendation(userID: mine.userID, change: change, reason: "r", createdAt: Fixture.at($0)) }
            let other = Recommendation(userID: theirs.userID, change: change, reason: "r", createdAt: Fixture.at(4))
            try await repository.saveRecommendations(own.shuffled() + [other])

            let expected = own.sorted { ($0.createdAt, $0.id.uuidString) > ($1.createdAt, $1.id.uuidString) }
            #expect(try await repository.recommendations(userID: mine.userID) == expected)
            #expect(try await repository.recommendations(userID: theirs.userID) == [other])
            #expect(try await repository.recommendation(id: other.id, userID: mine.userID) == nil)
            #expect(try await repository.recommendation(id: UUID(), userID: mine.userID) == nil)
        }
    }

    @Test("A week is claimed once per person, only by someone with a plan, and a save keeps the claim", arguments: Backend.allCases)
    func weeklyClaim(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let plan = Fixture.plan(userID: UUID())
            #expect(try await repository.claimWeeklyAnalysis(userID: plan.userID, weekDay: "2026-11-23") == false)
            try await Self.saveFirst(plan, in: repository)
            let claims = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 { group.addTask { try await repository.claimWeeklyAnalysis(userID: plan.userID, weekDay: "2026-11-23") } }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(claims == 1)
            var next = plan
            next.version = 2
            #expect(try await repository.savePlan(next, expectedVersion: 1, recommendations: []))
            #expect(try await repository.claimWeeklyAnalysis(userID: plan.userID, weekDay: "2026-11-23") == false)
            #expect(try await repository.claimWeeklyAnalysis(userID: plan.userID, weekDay: "2026-11-30"))
            #expect(try await repository.claimWeeklyAnalysis(userID: plan.userID, weekDay: "2026-11-30") == false)
            let other = Fixture.plan(userID: UUID())
            #expect(try await repository.savePlan(other, expectedVersion: nil, recommendations: []))
            #expect(try await repository.claimWeeklyAnalysis(userID: other.userID, weekDay: "2026-11-30"))
        }
    }

    @Test("Plan owners are everyone with a plan, in a fixed order", arguments: Backend.allCases)
    func owners(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            #expect(try await repository.planOwners().isEmpty)
            let users = (0..<5).map { _ in UUID() }
            for user in users {
                #expect(try await repository.savePlan(Fixture.plan(userID: user), expectedVersion: nil, recommendations: []))
            }
            try await repository.saveRecommendations(Fixture.recommendations(for: Fixture.plan(userID: UUID())))
            #expect(try await repository.planOwners() == users.sorted { $0.uuidString < $1.uuidString })
        }
    }

    @Test("Auto-pilot is stored on the person: unset, on, off, and kept when another setting is saved", arguments: Backend.allCases)
    func autopilotSetting(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let original = Fixture.user()
            try await repository.createUser(original)
            #expect(try await repository.user(id: original.id)?.autopilotEnabled == nil)
            #expect(try await repository.user(id: original.id)?.isAutopilotOn == false)

            var on = original
            on.autopilotEnabled = true
            try await repository.updateUser(on, from: original)
            #expect(try await repository.user(id: original.id) == on)

            // A save made from the page read before the toggle leaves auto-pilot as it is now.
            var renamed = original
            renamed.nickname = "Ann"
            try await repository.updateUser(renamed, from: original)
            #expect(try await repository.user(id: original.id)?.autopilotEnabled == true)
            #expect(try await repository.user(id: original.id)?.nickname == "Ann")

            var off = try #require(try await repository.user(id: original.id))
            let before = off
            off.autopilotEnabled = false
            try await repository.updateUser(off, from: before)
            #expect(try await repository.user(id: original.id) == off)
            #expect(try await repository.users().first?.autopilotEnabled == false)
        }
    }

    @Test("Deleting a person's data takes their plan and recommendations and leaves everyone else's", arguments: Backend.allCases)
    func erase(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let (gone, kept) = (Fixture.plan(userID: UUID()), Fixture.plan(userID: UUID()))
            for plan in [gone, kept] {
                try await repository.createUser(Fixture.user(id: plan.userID))
                let recommendations = Array(Fixture.recommendations(for: plan).prefix(2))
                try await Self.saveFirst(plan, recommendations: recommendations, in: repository)
            }
            let counts = try await repository.deleteAllData(userID: gone.userID)
            #expect(counts["training_plans"] == 1)
            #expect(counts["recommendations"] == 2)
            #expect(try await repository.trainingPlan(userID: gone.userID) == nil)
            #expect(try await repository.recommendations(userID: gone.userID).isEmpty)
            #expect(try await repository.claimWeeklyAnalysis(userID: gone.userID, weekDay: "2026-11-23") == false)
            #expect(try await repository.planOwners() == [kept.userID])
            #expect(try await repository.trainingPlan(userID: kept.userID) == kept)
            #expect(try await repository.recommendations(userID: kept.userID).count == 2)
            if let database = store.database {
                let left = try await database.rowCounts(userID: gone.userID)
                #expect(left["training_plans"] == 0 && left["recommendations"] == 0, "\(left)")
            }
        }
    }

    /// Saves `plan` as the person's first, expecting it to be kept.
    static func saveFirst(
        _ plan: TrainingPlan, recommendations: [Recommendation] = [], in repository: any AirFitRepository,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let saved = try await repository.savePlan(plan, expectedVersion: nil, recommendations: recommendations)
        #expect(saved, "the first save of a plan was refused", sourceLocation: sourceLocation)
    }
}
