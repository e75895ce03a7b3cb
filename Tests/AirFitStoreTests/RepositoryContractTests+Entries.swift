import AirFitCore
import AirFitStore
import Foundation
import Testing

/// One entry at a time: lookups, edits, and a delete's undo.
extension RepositoryContractTests {
    @Test("An entry is found and updated by id only for its owner", arguments: Backend.allCases)
    func entryLookupAndUpdate(backend: Backend) async throws {
        try await backend.withStore { store in
            let seeded = try await Fixture.seed(store.repository)
            let stranger = Fixture.user(name: "Stranger")
            try await store.repository.createUser(stranger)
            let repository = store.repository
            var workout = try #require(seeded.workouts.first)
            #expect(try await repository.workout(id: workout.id, userID: seeded.user.id) == workout)
            #expect(try await repository.workout(id: workout.id, userID: stranger.id) == nil)
            workout.durationMinutes = 55
            workout.exercises = [Workout.Exercise(name: "Lunge", sets: [.init(reps: 10, weightKg: 20)])]
            try await repository.updateWorkout(workout)
            #expect(try await repository.workout(id: workout.id, userID: seeded.user.id) == workout)
            var stolen = workout
            stolen.userID = stranger.id
            await #expect(throws: RepositoryError.notFound("That workout")) { try await repository.updateWorkout(stolen) }

            var meal = try #require(seeded.meals.first)
            meal.mealType = .snack
            meal.items.append(FoodItem(name: "tea", calories: 2))
            try await repository.updateFoodEntry(meal)
            #expect(try await repository.foodEntry(id: meal.id, userID: seeded.user.id) == meal)
            #expect(try await repository.foodEntry(id: meal.id, userID: stranger.id) == nil)
            await #expect(throws: RepositoryError.notFound("That meal")) {
                try await repository.updateFoodEntry(
                    FoodEntry(userID: seeded.user.id, mealType: .lunch, loggedAt: Fixture.at(1), items: []))
            }
            let log = try #require(seeded.logs.first)
            #expect(try await repository.dailyLog(id: log.id, userID: seeded.user.id) == log)
            #expect(try await repository.entry(EntryReference(kind: .checkin, id: log.id), userID: stranger.id) == nil)
        }
    }

    @Test("A deleted entry comes back within its window, once, and not after", arguments: Backend.allCases)
    func deleteAndRestore(backend: Backend) async throws {
        try await backend.withStore { store in
            let seeded = try await Fixture.seed(store.repository)
            let repository = store.repository
            let owner = seeded.user.id
            let meal = try #require(seeded.meals.last)
            let reference = EntryReference(kind: .meal, id: meal.id)
            let stranger = UUID()
            #expect(try await repository.deleteEntry(reference, userID: stranger, at: Fixture.at(10)) == nil)
            #expect(try await repository.deleteEntry(reference, userID: owner, at: Fixture.at(10)) == .meal(meal))
            #expect(try await repository.foodEntry(id: meal.id, userID: owner) == nil)
            #expect(try await repository.deleteEntry(reference, userID: owner, at: Fixture.at(11)) == nil, "already gone")
            #expect(try await repository.restoreEntry(id: meal.id, userID: stranger, deletedSince: .distantPast) == nil)
            #expect(try await repository.restoreEntry(id: meal.id, userID: owner, deletedSince: Fixture.at(10.5)) == nil, "too late")
            #expect(try await repository.restoreEntry(id: meal.id, userID: owner, deletedSince: Fixture.at(0)) == .meal(meal))
            #expect(try await repository.foodEntry(id: meal.id, userID: owner) == meal)
            #expect(try await repository.restoreEntry(id: meal.id, userID: owner, deletedSince: Fixture.at(0)) == nil, "only once")

            // A check-in saved again for the day since blocks its deleted one from coming back.
            let log = try #require(seeded.logs.first)
            #expect(
                try await repository.deleteEntry(EntryReference(kind: .checkin, id: log.id), userID: owner, at: Fixture.at(20))
                    == .checkin(log))
            try await repository.saveDailyLog(DailyLog(userID: owner, day: log.day, energy: 1))
            await #expect(throws: RepositoryError.conflict("A check-in for \(log.day)")) {
                try await repository.restoreEntry(id: log.id, userID: owner, deletedSince: Fixture.at(0))
            }

            let workout = try #require(seeded.workouts.first)
            #expect(
                try await repository.deleteEntry(EntryReference(kind: .workout, id: workout.id), userID: owner, at: Fixture.at(30)) != nil)
            #expect(try await repository.purgeDeletedEntries(before: Fixture.at(25)) == 1, "the check-in's copy")
            #expect(try await repository.restoreEntry(id: workout.id, userID: owner, deletedSince: Fixture.at(0)) == .workout(workout))
            let exported = try await repository.workouts(userID: owner, query: RecordQuery())
            #expect(exported.count == seeded.workouts.count)
        }
    }
}
