import AirFitCore
import AirFitStore
import Foundation
import Testing

/// The rules of `AirFitRepository`, checked on every backend: in-memory, SQLite and PostgreSQL.
///
/// Tests live in extensions by area (records, messages, erasing, import/export); each opens a
/// fresh store through `Backend.withStore`.
@Suite("Repository contract")
struct RepositoryContractTests {
    // MARK: Users

    @Test("A created user reads back with every field intact", arguments: Backend.allCases)
    func createAndRead(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            #expect(try await store.repository.user(id: user.id) == user)
            #expect(try await store.repository.users() == [user])
            #expect(try await store.repository.user(id: UUID()) == nil)
        }
    }

    @Test("Twenty parallel saves of different settings from the same starting row all land", arguments: Backend.allCases)
    func parallelSettingSaves(backend: Backend) async throws {
        try await backend.withStore { store in
            let original = User(timeZone: "UTC", createdAt: Fixture.at(1), lastActiveAt: Fixture.at(2))
            try await store.repository.createUser(original)
            let repository = store.repository
            try await withThrowingTaskGroup(of: Void.self) { group in
                for round in 0..<10 {
                    group.addTask {
                        var units = original
                        units.preferredUnits = .metric
                        units.nickname = "Round \(round)"
                        try await repository.updateUser(units, from: original)
                    }
                    group.addTask {
                        var appearance = original
                        appearance.appearanceMode = .dark
                        appearance.appLockTimeoutMinutes = 30
                        try await repository.updateUser(appearance, from: original)
                    }
                }
                try await group.waitForAll()
            }
            let stored = try #require(try await repository.user(id: original.id))
            #expect(stored.preferredUnits == .metric)
            #expect(stored.appearanceMode == .dark)
            #expect(stored.appLockTimeoutMinutes == 30)
            #expect(stored.timeZone == "UTC")
            #expect(stored.nickname?.hasPrefix("Round ") == true)
        }
    }

    @Test("A user with only the defaults and nil optionals reads back unchanged", arguments: Backend.allCases)
    func createMinimal(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = User(timeZone: "UTC", createdAt: Fixture.at(1), lastActiveAt: Fixture.at(2))
            try await store.repository.createUser(user)
            #expect(try await store.repository.user(id: user.id) == user)
        }
    }

    @Test("Creating a user with an existing id is a conflict and leaves the stored user alone", arguments: Backend.allCases)
    func duplicateUser(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            var impostor = Fixture.user(id: user.id, name: "Impostor")
            impostor.email = nil
            await #expect(throws: RepositoryError.conflict("A user with id \(user.id)")) {
                try await store.repository.createUser(impostor)
            }
            #expect(try await store.repository.user(id: user.id) == user)
            #expect(try await store.repository.users().count == 1)
        }
    }

    @Test("Updating a user replaces every field", arguments: Backend.allCases)
    func updateUser(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.createUser(user)
            var changed = user
            changed.name = "Changed"
            changed.nickname = nil
            changed.email = "new@example.com"
            changed.preferredUnits = .imperial
            changed.selectedAIProvider = nil
            changed.aiTemperature = nil
            changed.notificationPreferences = NotificationPreferences(systemEnabled: false, categories: [.recommendations: false])
            changed.quietHours = QuietHours(enabled: false)
            changed.location = nil
            changed.fitnessLevel = .athlete
            changed.goalWeightKg = nil
            changed.dailyCalorieTarget = 3100
            changed.lastActiveAt = Fixture.at(999_999.875)
            try await store.repository.updateUser(changed)
            #expect(try await store.repository.user(id: user.id) == changed)
        }
    }

    @Test("Updating a missing user is notFound and creates nothing", arguments: Backend.allCases)
    func updateMissingUser(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            await #expect(throws: RepositoryError.notFound("User \(user.id)")) { try await store.repository.updateUser(user) }
            let found = try await store.repository.user(id: user.id)
            #expect(found == nil)
            #expect(try await store.repository.users().isEmpty)
        }
    }

    @Test("Users are listed oldest first, whatever order they were added in", arguments: Backend.allCases)
    func usersOldestFirst(backend: Backend) async throws {
        try await backend.withStore { store in
            let middle = Fixture.user(name: "Middle", createdAt: Fixture.at(200))
            let newest = Fixture.user(name: "Newest", createdAt: Fixture.at(300))
            let oldest = Fixture.user(name: "Oldest", createdAt: Fixture.at(100))
            for user in [middle, newest, oldest] { try await store.repository.createUser(user) }
            #expect(try await store.repository.users().map(\.name) == ["Oldest", "Middle", "Newest"])
        }
    }

    // MARK: Onboarding

    @Test("saveOnboarding creates the user and the profile together", arguments: Backend.allCases)
    func saveOnboardingCreates(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            let profile = try Fixture.profile(userID: user.id)
            #expect(try await store.repository.onboardingProfile(userID: user.id) == nil)
            try await store.repository.saveOnboarding(profile, user: user)
            #expect(try await store.repository.user(id: user.id) == user)
            let stored = try #require(try await store.repository.onboardingProfile(userID: user.id))
            #expect(stored == profile)
            #expect(try stored.persona().coreAspiration == "Run a half marathon")
            #expect(try stored.communicationPreferences().updateFrequency == "Daily")
        }
    }

    @Test("saveOnboarding again replaces the profile and updates the user", arguments: Backend.allCases)
    func saveOnboardingReplaces(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            try await store.repository.saveOnboarding(try Fixture.profile(userID: user.id), user: user)
            var renamed = user
            renamed.name = "Onboarded Twice"
            let second = try Fixture.profile(userID: user.id, aspiration: "Deadlift 150 kg")
            try await store.repository.saveOnboarding(second, user: renamed)
            #expect(try await store.repository.onboardingProfile(userID: user.id) == second)
            #expect(try await store.repository.user(id: user.id) == renamed)
            #expect(try await store.repository.users().count == 1)
            if let counts = try await store.rowCounts(userID: user.id) { #expect(counts["onboarding_profiles"] == 1) }
        }
    }

    @Test("saveOnboarding refuses a profile that belongs to another user and writes nothing", arguments: Backend.allCases)
    func saveOnboardingOwnership(backend: Backend) async throws {
        try await backend.withStore { store in
            let user = Fixture.user()
            let profile = try Fixture.profile(userID: UUID())
            await #expect(throws: RepositoryError.invalid("The profile belongs to another user.")) {
                try await store.repository.saveOnboarding(profile, user: user)
            }
            #expect(try await store.repository.user(id: user.id) == nil)
            #expect(try await store.repository.onboardingProfile(userID: profile.userID) == nil)
        }
    }

    @Test("saveOnboarding is atomic: when the profile cannot be written the user keeps its old values", arguments: Backend.sql)
    func saveOnboardingAtomic(backend: Backend) async throws {
        try await backend.withStore { store in
            let other = Fixture.user(name: "Other")
            let otherProfile = try Fixture.profile(userID: other.id)
            try await store.repository.saveOnboarding(otherProfile, user: other)
            let user = Fixture.user(name: "Before")
            let before = try Fixture.profile(userID: user.id)
            try await store.repository.saveOnboarding(before, user: user)

            var renamed = user
            renamed.name = "After"
            // Re-using the other user's profile id makes the profile insert fail after the user was updated.
            let clashing = try Fixture.profile(userID: user.id, id: otherProfile.id, aspiration: "Never stored")
            await #expect(throws: (any Error).self) { try await store.repository.saveOnboarding(clashing, user: renamed) }
            #expect(try await store.repository.user(id: user.id) == user)
            #expect(try await store.repository.onboardingProfile(userID: user.id) == before)
            #expect(try await store.repository.onboardingProfile(userID: other.id) == otherProfile)
        }
    }
}
