import AirFitCore
import Foundation
import SQLKit
import Testing

@testable import AirFitStore

@Suite("Progress targets migration")
struct ProgressTargetsMigrationTests {
    @Test("Adding the target columns to a table that already holds people keeps them, with no targets set", arguments: Backend.sql)
    func upgrade(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            var user = Fixture.user()
            try await store.repository.createUser(user)
            // Back to the schema before this migration, as an installation of the previous version has it.
            let migration = AddProgressTargets()
            try await migration.revert(on: database.database)
            try await database.rawSQL().raw("DELETE FROM _fluent_migrations WHERE name = \(bind: migration.name)").run()
            #expect(try await database.pendingMigrations() == ["AirFit.AddProgressTargets.v13"])

            try await database.migrate()
            #expect(try await database.pendingMigrations().isEmpty)
            (user.goalWeightKg, user.dailyCalorieTarget, user.dailyProteinTargetGrams) = (nil, nil, nil)
            #expect(try await store.repository.user(id: user.id) == user)
            user.goalWeightKg = 70.25
            user.dailyProteinTargetGrams = 150
            try await store.repository.updateUser(user)
            #expect(try await store.repository.user(id: user.id) == user)
        }
    }
}
