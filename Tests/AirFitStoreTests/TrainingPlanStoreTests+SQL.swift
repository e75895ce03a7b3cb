import AirFitCore
import Foundation
import SQLKit
import Testing

@testable import AirFitStore

/// What only the SQL stores can meet: damaged rows, numbers JSON can't hold, upgrading a database with people in it.
extension TrainingPlanStoreTests {
    @Test("A damaged plan or recommendation is reported in plain words, without its data", arguments: Backend.sql)
    func damagedRows(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let sql = try database.rawSQL()
            let plan = Fixture.plan(userID: UUID())
            let recommendation = Fixture.recommendations(for: plan)[0]
            #expect(try await database.store.savePlan(plan, expectedVersion: nil, recommendations: [recommendation]))

            try await sql.raw("UPDATE training_plans SET body = \(bind: "{\"secret\": \"x\"") WHERE user_id = \(bind: plan.userID)").run()
            let planError = await #expect(throws: RepositoryError.self) { try await database.store.trainingPlan(userID: plan.userID) }
            #expect(planError == .invalid("A stored training plan is damaged and can't be read. Edit or recreate the plan."))

            // A body that decodes but belongs to another row is damaged too.
            let moved = Fixture.recommendations(for: Fixture.plan(userID: UUID()))[1]
            try await sql.raw(
                "UPDATE recommendations SET body = \(bind: try StoredJSON.encode(moved)) WHERE id = \(bind: recommendation.id)"
            ).run()
            let error = await #expect(throws: RepositoryError.self) { try await database.store.recommendations(userID: plan.userID) }
            #expect(error == .invalid("A stored recommendation is damaged and can't be read."))
            let description = error?.errorDescription ?? ""
            for id in [plan.userID, moved.userID, recommendation.id] { #expect(!description.contains(id.uuidString)) }
        }
    }

    @Test("A plan or recommendation with a number that isn't finite is refused before anything is written", arguments: Backend.sql)
    func nonFiniteNumbers(backend: Backend) async throws {
        try await backend.withStore { store in
            let repository = store.repository
            var plan = Fixture.plan(userID: UUID())
            plan.sessions[0].exercises[0].target = .strength(sets: 3, reps: 5, loadKilograms: .nan)
            await #expect(throws: RepositoryError.self) {
                _ = try await repository.savePlan(plan, expectedVersion: nil, recommendations: [])
            }
            let stored = try await repository.trainingPlan(userID: plan.userID)
            #expect(stored == nil)

            var recommendation = Fixture.recommendations(for: Fixture.plan(userID: plan.userID))[0]
            recommendation.change.after = .target(.cardio(minutes: .infinity, kilometres: nil))
            await #expect(throws: RepositoryError.self) { try await repository.saveRecommendations([recommendation]) }
            #expect(try await repository.recommendations(userID: plan.userID).isEmpty)
        }
    }

    @Test("Upgrading a database that holds people adds the plan tables, with auto-pilot unset for everyone", arguments: Backend.sql)
    func upgrade(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let user = Fixture.user()
            try await store.repository.createUser(user)
            // Back to the schema before this migration, as an installation of the previous version has it.
            let migration = AddTrainingPlans()
            try await migration.revert(on: database.database)
            try await database.rawSQL().raw("DELETE FROM _fluent_migrations WHERE name = \(bind: migration.name)").run()
            #expect(try await database.pendingMigrations() == ["AirFit.AddTrainingPlans.v16"])

            try await database.migrate()
            #expect(try await database.pendingMigrations().isEmpty)
            #expect(try await database.store.users().map(\.autopilotEnabled) == [nil])
            let plan = Fixture.plan(userID: user.id)
            #expect(try await store.repository.savePlan(plan, expectedVersion: nil, recommendations: []))
            #expect(try await store.repository.trainingPlan(userID: user.id) == plan)
        }
    }
}
