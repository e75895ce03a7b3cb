import AirFitCore
import AirFitStore
import Foundation
import Testing

/// Workouts, meals and daily logs.
extension RepositoryContractTests {
    /// Sorts the way `RecordQuery` promises: by date, ties broken by id, in the query's direction.
    static func ordered<T>(_ records: [T], date: (T) -> Date, id: (T) -> UUID, newestFirst: Bool) -> [T] {
        records.sorted {
            let lhs = (date($0), id($0).uuidString)
            let rhs = (date($1), id($1).uuidString)
            return newestFirst ? lhs > rhs : lhs < rhs
        }
    }

    // MARK: Workouts

    @Test("A workout reads back with its exercises and sets", arguments: Backend.allCases)
    func workoutRoundTrip(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            let workout = Fixture.workout(userID: user.id, at: 10.25)
            let bare = Workout(userID: user.id, type: "walk", startedAt: Fixture.at(5), durationMinutes: 0, createdAt: Fixture.at(6))
            try await store.repository.addWorkout(workout)
            try await store.repository.addWorkout(bare)
            #expect(try await store.repository.workouts(userID: user.id, query: RecordQuery()) == [workout, bare])
            await #expect(throws: RepositoryError.conflict("A workout with id \(workout.id)")) {
                try await store.repository.addWorkout(Fixture.workout(userID: user.id, at: 99, id: workout.id))
            }
            #expect(try await store.repository.workouts(userID: user.id, query: RecordQuery()).count == 2)
        }
    }

    @Test("Workout queries filter from (inclusive), to (exclusive) and kind", arguments: Backend.allCases)
    func workoutFilters(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            let other = Fixture.user(name: "Other")
            try await store.repository.createUser(user)
            try await store.repository.createUser(other)
            let runs = [0.0, 100, 200, 300].map { Fixture.workout(userID: user.id, type: "run", at: $0) }
            let yoga = [100.0, 250].map { Fixture.workout(userID: user.id, type: "yoga", at: $0) }
            for workout in runs + yoga { try await store.repository.addWorkout(workout) }
            try await store.repository.addWorkout(Fixture.workout(userID: other.id, type: "run", at: 150))

            func ids(_ query: RecordQuery) async throws -> [UUID] {
                try await store.repository.workouts(userID: user.id, query: query).map(\.id)
            }
            #expect(
                try await ids(RecordQuery(from: Fixture.at(100), to: Fixture.at(300), newestFirst: false))
                    == Self.ordered(
                        [runs[1], yoga[0], runs[2], yoga[1]], date: \.startedAt, id: \.id, newestFirst: false
                    ).map(\.id))
            #expect(try await ids(RecordQuery(kind: "run")) == runs.reversed().map(\.id))
            #expect(try await ids(RecordQuery(from: Fixture.at(250), kind: "yoga")) == [yoga[1].id])
            #expect(try await ids(RecordQuery(to: Fixture.at(0))).isEmpty)
            #expect(try await ids(RecordQuery(kind: "swim")).isEmpty)
            #expect(try await store.repository.workouts(userID: UUID(), query: RecordQuery()).isEmpty)
        }
    }

    @Test("Paging with limit and offset is stable when start times tie, in both directions", arguments: Backend.allCases)
    func workoutPaging(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            // Three pairs share a start time, so only the id decides their order.
            let workouts = [0.0, 0, 60, 60, 60, 120, 180, 180].map { Fixture.workout(userID: user.id, at: $0) }
            for workout in workouts.shuffled() { try await store.repository.addWorkout(workout) }

            for newestFirst in [true, false] {
                let expected = Self.ordered(workouts, date: \.startedAt, id: \.id, newestFirst: newestFirst).map(\.id)
                let all = try await store.repository.workouts(userID: user.id, query: RecordQuery(newestFirst: newestFirst))
                #expect(all.map(\.id) == expected, "newestFirst: \(newestFirst)")
                var paged: [UUID] = []
                for offset in stride(from: 0, to: workouts.count + 3, by: 3) {
                    let page = try await store.repository.workouts(
                        userID: user.id, query: RecordQuery(limit: 3, offset: offset, newestFirst: newestFirst))
                    #expect(page.count <= 3)
                    paged += page.map(\.id)
                }
                #expect(paged == expected, "newestFirst: \(newestFirst)")
                let tail = try await store.repository.workouts(
                    userID: user.id, query: RecordQuery(offset: 5, newestFirst: newestFirst))
                #expect(tail.map(\.id) == Array(expected.dropFirst(5)))
            }
            #expect(try await store.repository.workouts(userID: user.id, query: RecordQuery(limit: 0)).isEmpty)
            #expect(try await store.repository.workouts(userID: user.id, query: RecordQuery(offset: 8)).isEmpty)
            #expect(try await store.repository.workouts(userID: user.id, query: .page(offset: 6, limit: 10)).count == 2)
        }
    }

    @Test("deleteWorkout removes only a workout of the given user", arguments: Backend.allCases)
    func deleteWorkoutOwnership(backend: Backend) async throws {
        try await backend.withStore { store in
            let owner = Fixture.user()
            let stranger = Fixture.user(name: "Stranger")
            try await store.repository.createUser(owner)
            try await store.repository.createUser(stranger)
            let workout = Fixture.workout(userID: owner.id, at: 0)
            let kept = Fixture.workout(userID: owner.id, at: 10)
            try await store.repository.addWorkout(workout)
            try await store.repository.addWorkout(kept)

            #expect(try await !store.repository.deleteWorkout(id: workout.id, userID: stranger.id))
            #expect(try await store.repository.workouts(userID: owner.id, query: RecordQuery()).count == 2)
            #expect(try await store.repository.deleteWorkout(id: workout.id, userID: owner.id))
            #expect(try await !store.repository.deleteWorkout(id: workout.id, userID: owner.id))
            #expect(try await !store.repository.deleteWorkout(id: UUID(), userID: owner.id))
            #expect(try await store.repository.workouts(userID: owner.id, query: RecordQuery()) == [kept])
        }
    }

    @Test("The workout count is the person's own workouts only, zero before the first", arguments: Backend.allCases)
    func workoutCount(backend: Backend) async throws {
        try await backend.withStore { store in
            let ann = Fixture.user()
            let bob = Fixture.user(name: "Bob")
            try await store.repository.createUser(ann)
            try await store.repository.createUser(bob)
            #expect(try await store.repository.workoutCount(userID: ann.id) == 0)
            for seconds in [0.0, 10, 20] { try await store.repository.addWorkout(Fixture.workout(userID: ann.id, at: seconds)) }
            let bobs = Fixture.workout(userID: bob.id, at: 5)
            try await store.repository.addWorkout(bobs)
            #expect(try await store.repository.workoutCount(userID: ann.id) == 3)
            #expect(try await store.repository.workoutCount(userID: bob.id) == 1)
            #expect(try await store.repository.deleteWorkout(id: bobs.id, userID: bob.id))
            #expect(try await store.repository.workoutCount(userID: bob.id) == 0)
            #expect(try await store.repository.workoutCount(userID: UUID()) == 0)
        }
    }

    // MARK: Food

    @Test("A meal reads back with its items; duplicates are conflicts", arguments: Backend.allCases)
    func mealRoundTrip(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            let meal = Fixture.meal(userID: user.id, at: 42.5)
            try await store.repository.addFoodEntry(meal)
            #expect(try await store.repository.foodEntries(userID: user.id, query: RecordQuery()) == [meal])
            await #expect(throws: RepositoryError.conflict("A food entry with id \(meal.id)")) {
                try await store.repository.addFoodEntry(Fixture.meal(userID: user.id, at: 1, id: meal.id))
            }
        }
    }

    @Test("Meal queries filter by meal type and date range, and page stably", arguments: Backend.allCases)
    func mealQueries(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            let meals = [
                Fixture.meal(userID: user.id, type: .breakfast, at: 0), Fixture.meal(userID: user.id, type: .lunch, at: 100),
                Fixture.meal(userID: user.id, type: .snack, at: 100), Fixture.meal(userID: user.id, type: .snack, at: 150),
                Fixture.meal(userID: user.id, type: .dinner, at: 200),
            ]
            for meal in meals { try await store.repository.addFoodEntry(meal) }
            func ids(_ query: RecordQuery) async throws -> [UUID] {
                try await store.repository.foodEntries(userID: user.id, query: query).map(\.id)
            }
            #expect(try await ids(RecordQuery(kind: "snack", newestFirst: false)) == [meals[2].id, meals[3].id])
            #expect(try await ids(RecordQuery(kind: MealType.breakfast.rawValue)) == [meals[0].id])
            #expect(
                try await ids(RecordQuery(from: Fixture.at(100), to: Fixture.at(200)))
                    == Self.ordered(
                        Array(meals[1...3]), date: \.loggedAt, id: \.id, newestFirst: true
                    ).map(\.id))
            let expected = Self.ordered(meals, date: \.loggedAt, id: \.id, newestFirst: true).map(\.id)
            var paged: [UUID] = []
            for offset in [0, 2, 4] { paged += try await ids(RecordQuery(limit: 2, offset: offset)) }
            #expect(paged == expected)
        }
    }

    @Test("deleteFoodEntry removes only a meal of the given user", arguments: Backend.allCases)
    func deleteMealOwnership(backend: Backend) async throws {
        try await backend.withStore { store in
            let owner = Fixture.user()
            let stranger = Fixture.user(name: "Stranger")
            try await store.repository.createUser(owner)
            try await store.repository.createUser(stranger)
            let meal = Fixture.meal(userID: owner.id, at: 0)
            try await store.repository.addFoodEntry(meal)
            #expect(try await !store.repository.deleteFoodEntry(id: meal.id, userID: stranger.id))
            #expect(try await store.repository.foodEntries(userID: owner.id, query: RecordQuery()) == [meal])
            #expect(try await store.repository.deleteFoodEntry(id: meal.id, userID: owner.id))
            #expect(try await !store.repository.deleteFoodEntry(id: meal.id, userID: owner.id))
            #expect(try await store.repository.foodEntries(userID: owner.id, query: RecordQuery()).isEmpty)
        }
    }

    // MARK: Daily logs

    @Test("Saving a log for a day that has one replaces its values but keeps its id and createdAt", arguments: Backend.allCases)
    func dailyLogUpsert(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            let first = Fixture.log(userID: user.id, day: "2024-02-29", energy: 2, createdAt: Fixture.at(100.5))
            try await store.repository.saveDailyLog(first)
            #expect(try await store.repository.dailyLog(userID: user.id, day: "2024-02-29") == first)

            var second = DailyLog(
                userID: user.id, day: "2024-02-29", energy: 5, mood: "great", createdAt: Fixture.at(500), updatedAt: Fixture.at(600.25))
            second.steps = 12_000
            try await store.repository.saveDailyLog(second)
            let stored = try #require(try await store.repository.dailyLog(userID: user.id, day: "2024-02-29"))
            var expected = second
            expected.id = first.id
            expected.createdAt = first.createdAt
            #expect(stored == expected)
            #expect(try await store.repository.dailyLogs(userID: user.id, fromDay: nil, toDay: nil, query: RecordQuery()).count == 1)
            #expect(try await store.repository.dailyLog(userID: user.id, day: "2024-03-01") == nil)
        }
    }

    @Test("Daily logs of different users on the same day stay apart", arguments: Backend.allCases)
    func dailyLogPerUser(backend: Backend) async throws {
        try await backend.withStore { store in
            let ann = Fixture.user()
            let bob = Fixture.user(name: "Bob")
            try await store.repository.createUser(ann)
            try await store.repository.createUser(bob)
            let annLog = Fixture.log(userID: ann.id, day: "2024-01-01", energy: 1)
            let bobLog = Fixture.log(userID: bob.id, day: "2024-01-01", energy: 5)
            try await store.repository.saveDailyLog(annLog)
            try await store.repository.saveDailyLog(bobLog)
            #expect(try await store.repository.dailyLog(userID: ann.id, day: "2024-01-01") == annLog)
            #expect(try await store.repository.dailyLog(userID: bob.id, day: "2024-01-01") == bobLog)
        }
    }

    @Test("Daily logs are selected by an inclusive day range and ordered by day", arguments: Backend.allCases)
    func dailyLogRange(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            let days = ["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01", "2024-03-02"]
            for day in days.shuffled() { try await store.repository.saveDailyLog(Fixture.log(userID: user.id, day: day)) }
            func range(_ from: String?, _ to: String?, _ query: RecordQuery = RecordQuery()) async throws -> [String] {
                try await store.repository.dailyLogs(userID: user.id, fromDay: from, toDay: to, query: query).map(\.day)
            }
            #expect(try await range(nil, nil) == days.reversed())
            #expect(try await range(nil, nil, RecordQuery(newestFirst: false)) == days)
            #expect(try await range("2024-02-28", "2024-03-01", RecordQuery(newestFirst: false)) == Array(days[1...3]))
            #expect(try await range("2024-02-29", nil, RecordQuery(newestFirst: false)) == Array(days[2...]))
            #expect(try await range(nil, "2024-02-28", RecordQuery(newestFirst: false)) == Array(days[...1]))
            #expect(try await range("2024-03-03", nil).isEmpty)
            #expect(try await range(nil, nil, RecordQuery(limit: 2, offset: 1)) == ["2024-03-01", "2024-02-29"])
            // `from`/`to` dates in the query are ignored for logs.
            #expect(try await range(nil, nil, RecordQuery(from: Fixture.at(1e9), to: Fixture.at(-1e9))).count == 5)
        }
    }

    @Test("The latest weight is the newest day with a weight, for that person only; none before one is logged", arguments: Backend.allCases)
    func latestWeight(backend: Backend) async throws {
        try await backend.withStore { store in
            let ann = Fixture.user()
            let bob = Fixture.user(name: "Bob")
            try await store.repository.createUser(ann)
            try await store.repository.createUser(bob)
            #expect(try await store.repository.latestWeight(userID: ann.id) == nil)
            var older = Fixture.log(userID: ann.id, day: "2024-03-01")
            older.weightKg = 71.5
            var newer = Fixture.log(userID: ann.id, day: "2024-03-05")
            newer.weightKg = 70.8
            var newestWithout = Fixture.log(userID: ann.id, day: "2024-03-09")
            newestWithout.weightKg = nil
            var bobs = Fixture.log(userID: bob.id, day: "2024-03-10")
            bobs.weightKg = 90
            for log in [newer, newestWithout, older, bobs] { try await store.repository.saveDailyLog(log) }
            #expect(try await store.repository.latestWeight(userID: ann.id) == LoggedWeight(day: "2024-03-05", kilograms: 70.8))
            #expect(try await store.repository.latestWeight(userID: bob.id) == LoggedWeight(day: "2024-03-10", kilograms: 90))
        }
    }
}
