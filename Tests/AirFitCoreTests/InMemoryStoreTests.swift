import AirFitCore
import Foundation
import Testing

@Suite("InMemoryStore")
struct InMemoryStoreTests {
    private static let base = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("Users are created once, listed oldest first by createdAt, and updated only when they exist")
    func users() async throws {
        let store = InMemoryStore()
        let first = User(name: "First", createdAt: Self.base)
        let second = User(name: "Second", createdAt: Self.base.addingTimeInterval(1))
        try await store.createUser(second)
        try await store.createUser(first)
        #expect(try await store.users().map(\.name) == ["First", "Second"])
        await #expect(throws: RepositoryError.conflict("A user with id \(first.id)")) { try await store.createUser(first) }

        var renamed = first
        renamed.name = "Renamed"
        try await store.updateUser(renamed)
        #expect(try await store.user(id: first.id)?.name == "Renamed")
        let stranger = User(name: "Nobody")
        await #expect(throws: RepositoryError.notFound("User \(stranger.id)")) { try await store.updateUser(stranger) }
        #expect(try await store.user(id: stranger.id) == nil)
    }

    @Test("saveOnboarding refuses a profile of another user and writes nothing")
    func onboardingOwnership() async throws {
        let store = InMemoryStore()
        let user = User(name: "Ann")
        let profile = OnboardingProfile(
            userID: UUID(), personaPromptData: Data("{}".utf8), communicationPreferencesData: Data("{}".utf8),
            rawFullProfileData: Data("{}".utf8))
        await #expect(throws: RepositoryError.invalid("The profile belongs to another user.")) {
            try await store.saveOnboarding(profile, user: user)
        }
        #expect(try await store.user(id: user.id) == nil)
        #expect(try await store.users().isEmpty)
    }

    @Test("Queries filter by date range and kind, and page with ties broken by id")
    func queries() async throws {
        let store = InMemoryStore()
        let userID = UUID()
        var workouts: [Workout] = []
        for index in 0..<6 {
            let workout = Workout(
                userID: userID, type: index.isMultiple(of: 2) ? "run" : "yoga",
                startedAt: Self.base.addingTimeInterval(Double(index / 2) * 3600), durationMinutes: 30)
            workouts.append(workout)
            try await store.addWorkout(workout)
        }
        try await store.addWorkout(Workout(userID: UUID(), type: "run", startedAt: Self.base, durationMinutes: 5))

        let expected = workouts.sorted { ($0.startedAt, $0.id.uuidString) > ($1.startedAt, $1.id.uuidString) }
        #expect(try await store.workouts(userID: userID, query: RecordQuery()) == expected)
        var paged: [Workout] = []
        for offset in stride(from: 0, to: 6, by: 4) {
            paged += try await store.workouts(userID: userID, query: RecordQuery(limit: 4, offset: offset))
        }
        #expect(paged == expected)
        let window = RecordQuery(from: Self.base.addingTimeInterval(3600), to: Self.base.addingTimeInterval(7200), kind: "run")
        #expect(try await store.workouts(userID: userID, query: window).map(\.id) == [workouts[2].id])
    }

    @Test("deleteAllData removes only that user's rows and reports counts per table")
    func deleteAllData() async throws {
        let store = InMemoryStore()
        let gone = User(name: "Gone")
        let kept = User(name: "Kept")
        try await store.createUser(gone)
        try await store.createUser(kept)
        for user in [gone, kept] {
            try await store.addWorkout(Workout(userID: user.id, type: "run", startedAt: Self.base, durationMinutes: 20))
            try await store.saveDailyLog(DailyLog(userID: user.id, day: "2024-01-01", energy: 3))
        }
        let counts = try await store.deleteAllData(userID: gone.id)
        #expect(
            counts == [
                "users": 1, "onboarding_profiles": 0, "workouts": 1, "food_entries": 0, "daily_logs": 1, "coach_messages": 0,
                "data_exports": 0, "provider_requests": 0, "deleted_entries": 0, "training_plans": 0, "recommendations": 0,
                "usage_records": 0, "usage_months": 0, "usage_reservations": 0, "usage_plan_assignments": 0, "notifications": 0,
                "push_devices": 0,
            ])
        #expect(try await store.users().map(\.id) == [kept.id])
        #expect(try await store.workouts(userID: gone.id, query: RecordQuery()).isEmpty)
        #expect(try await store.workouts(userID: kept.id, query: RecordQuery()).count == 1)
        #expect(try await store.dailyLog(userID: kept.id, day: "2024-01-01") != nil)
    }

    @Test("importArchive rejects an archive whose record ids clash and writes nothing")
    func importClash() async throws {
        let store = InMemoryStore()
        let existing = Workout(userID: UUID(), type: "run", startedAt: Self.base, durationMinutes: 10)
        try await store.addWorkout(existing)
        let user = User(name: "Imported")
        var clashing = existing
        clashing.userID = user.id
        let archive = ExportArchive(
            exportedAt: Self.base, user: user, onboardingProfile: nil,
            dailyLogs: [DailyLog(userID: user.id, day: "2024-01-02")], coachMessages: [], dataExports: [])
        var withClash = archive
        withClash.workouts = [clashing]
        await #expect(throws: RepositoryError.conflict("A record with id \(existing.id)")) {
            try await store.importArchive(withClash)
        }
        #expect(try await store.user(id: user.id) == nil)
        #expect(try await store.dailyLog(userID: user.id, day: "2024-01-02") == nil)
        try await store.importArchive(archive)
        #expect(try await store.user(id: user.id) == user)
    }
}
