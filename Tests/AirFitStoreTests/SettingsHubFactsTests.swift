import AirFitCore
import Foundation
import Testing

@testable import AirFitStore

/// The settings hub's one-statement read must answer as the stores' own reads do, on every backend.
@Suite("Settings hub facts")
struct SettingsHubFactsTests {
    @Test(
        "The hub reads the persona, the suggestions stored as waiting and the plan's name, for this member only",
        arguments: Backend.allCases)
    func facts(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            let user = Fixture.user()
            let other = Fixture.user()
            #expect(
                try await repository.settingsHubFacts(userID: user.id)
                    == SettingsHubFacts(hasPersona: false, storedAsPending: 0, planName: nil))

            try await repository.saveOnboarding(try Fixture.profile(userID: user.id), user: user)
            let plan = Fixture.plan(userID: user.id)
            let change = Fixture.changes(for: plan)[0]
            var decided = Recommendation(userID: user.id, change: change, reason: "r", createdAt: Fixture.at(1))
            decided.status = .rejected
            try await repository.saveRecommendations([
                Recommendation(userID: user.id, change: change, reason: "r", createdAt: Fixture.at(2)),
                Recommendation(userID: user.id, change: change, reason: "r", createdAt: Fixture.at(3)), decided,
                Recommendation(userID: other.id, change: change, reason: "r", createdAt: Fixture.at(4)),
            ])
            let family = UsagePlan(name: "Family", monthlyTokenBudget: 50_000)
            try await repository.saveUsagePlan(family)
            try await repository.assignUsagePlan(family.id, userID: user.id)

            let facts = try await repository.settingsHubFacts(userID: user.id)
            #expect(facts == SettingsHubFacts(hasPersona: true, storedAsPending: 2, planName: "Family"))
            #expect(try await repository.settingsHubFacts(userID: other.id).storedAsPending == 1)
            #expect(try await repository.settingsHubFacts(userID: other.id).planName == nil)
        }
    }
}
