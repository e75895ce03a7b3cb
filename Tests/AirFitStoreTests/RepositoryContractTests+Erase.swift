import AirFitCore
import Foundation
import SQLKit
import Testing

@testable import AirFitStore

/// Deleting everything of one user.
extension RepositoryContractTests {
    @Test("deleteAllData removes every row of the user, reports counts, and leaves other users alone", arguments: Backend.allCases)
    func deleteAllData(backend: Backend) async throws {
        try await backend.withStore { store in
            let gone = try await Fixture.seed(store.repository, user: Fixture.user(name: "Gone"))
            let kept = try await Fixture.seed(store.repository, user: Fixture.user(name: "Kept"))
            let database = store.database
            if let database {
                let vault = KeyVault(database: database, masterKey: .generate())
                try await vault.saveSecret("sk-gone-0123456789abcdef", provider: "openai", userID: gone.user.id)
                try await vault.saveSecret("sk-kept-0123456789abcdef", provider: "openai", userID: kept.user.id)
                try await database.store.saveDraft(OnboardingDraft(), userID: gone.user.id)
                try await database.store.saveDraft(OnboardingDraft(), userID: kept.user.id)
            }
            // A workout just deleted keeps a copy for its undo; the copy goes with the rest.
            let undone = try #require(gone.workouts.first)
            _ = try await store.repository.deleteEntry(
                EntryReference(kind: .workout, id: undone.id), userID: gone.user.id, at: Date())
            for seeded in [gone, kept] {
                let plan = Fixture.plan(userID: seeded.user.id)
                let recommendations = Array(Fixture.recommendations(for: plan).prefix(2))
                #expect(try await store.repository.savePlan(plan, expectedVersion: nil, recommendations: recommendations))
                let note = CoachNotification(
                    userID: seeded.user.id, category: .dailyCheckIn, title: "Check-in", body: "How are you?", link: "/log/checkin",
                    dueAt: Fixture.at(100), dedupeKey: "daily_check_in:2023-11-15", createdAt: Fixture.at(1))
                #expect(try await store.repository.scheduleNotification(note))
                try await store.repository.savePushDevice(
                    PushDevice(
                        userID: seeded.user.id, endpoint: "https://fcm.googleapis.com/fcm/send/\(seeded.user.id)", p256dh: "k", auth: "a",
                        name: "Chrome on Android", createdAt: Fixture.at(2)))
            }
            let keptBefore = try await store.rowCounts(userID: kept.user.id)

            let counts = try await store.repository.deleteAllData(userID: gone.user.id)
            var expected = [
                "users": 1, "onboarding_profiles": 1, "workouts": gone.workouts.count - 1, "food_entries": gone.meals.count,
                "daily_logs": gone.logs.count, "coach_messages": gone.messages.count, "data_exports": gone.exports.count,
                "provider_requests": 0, "deleted_entries": 1, "training_plans": 1, "recommendations": 2,
                "usage_records": 0, "usage_months": 0, "usage_reservations": 0, "usage_plan_assignments": 0, "notifications": 1,
                "push_devices": 1,
            ]
            if database != nil {
                expected["vault_entries"] = 1
                expected["onboarding_drafts"] = 1
            }
            #expect(counts == expected)

            #expect(try await store.repository.user(id: gone.user.id) == nil)
            #expect(try await store.repository.onboardingProfile(userID: gone.user.id) == nil)
            #expect(try await store.repository.workouts(userID: gone.user.id, query: RecordQuery()).isEmpty)
            #expect(try await store.repository.foodEntries(userID: gone.user.id, query: RecordQuery()).isEmpty)
            #expect(try await store.repository.dailyLogs(userID: gone.user.id, fromDay: nil, toDay: nil, query: RecordQuery()).isEmpty)
            #expect(try await store.repository.messages(userID: gone.user.id, query: RecordQuery()).isEmpty)
            #expect(try await store.repository.conversations(userID: gone.user.id).isEmpty)
            #expect(try await store.repository.exports(userID: gone.user.id).isEmpty)
            #expect(try await store.repository.users().map(\.id) == [kept.user.id])
            #expect(try await store.repository.restoreEntry(id: undone.id, userID: gone.user.id, deletedSince: .distantPast) == nil)

            if let database {
                let after = try await database.rowCounts(userID: gone.user.id)
                #expect(Set(after.keys) == Set(FluentStore.userTables))
                #expect(after.values.allSatisfy { $0 == 0 }, "\(after)")
                #expect(try await database.rowCounts(userID: kept.user.id) == keptBefore)
                #expect(try await KeyVault(database: database, masterKey: .generate()).storedSecrets(userID: kept.user.id).count == 1)
            }
            #expect(try await store.repository.trainingPlan(userID: gone.user.id) == nil)
            #expect(try await store.repository.recommendations(userID: gone.user.id).isEmpty)
            #expect(try await store.repository.planOwners() == [kept.user.id])
            #expect(try await store.repository.user(id: kept.user.id) == kept.user)
            #expect(try await store.repository.workouts(userID: kept.user.id, query: RecordQuery()).count == kept.workouts.count)
            #expect(try await store.repository.messages(userID: kept.user.id, query: RecordQuery()).count == kept.messages.count)

            let again = try await store.repository.deleteAllData(userID: gone.user.id)
            #expect(again.values.allSatisfy { $0 == 0 }, "\(again)")
        }
    }

    @Test("rowCounts covers every table the schema has", arguments: Backend.sql)
    func rowCountsCoverSchema(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let seeded = try await Fixture.seed(store.repository)
            try await KeyVault(database: database, masterKey: .generate())
                .saveSecret("AIza0123456789abcdefgh", provider: "gemini", userID: seeded.user.id)
            try await database.store.saveDraft(OnboardingDraft(), userID: seeded.user.id)
            try await database.store.recordProviderRequest(
                ProviderRequestRecord(userID: seeded.user.id, createdAt: Date(), provider: "openai", model: "m", body: "{}"))
            let meal = try #require(seeded.meals.first)
            _ = try await store.repository.deleteEntry(EntryReference(kind: .meal, id: meal.id), userID: seeded.user.id, at: Date())
            let plan = Fixture.plan(userID: seeded.user.id)
            #expect(try await store.repository.savePlan(plan, expectedVersion: nil, recommendations: Fixture.recommendations(for: plan)))
            #expect(
                try await store.repository.scheduleNotification(
                    CoachNotification(
                        userID: seeded.user.id, category: .achievements, title: "Streak", body: "5 days", link: "/progress",
                        dueAt: Fixture.at(10), dedupeKey: "achievements:streak", createdAt: Fixture.at(1))))
            try await store.repository.savePushDevice(
                PushDevice(
                    userID: seeded.user.id, endpoint: "https://fcm.googleapis.com/fcm/send/x", p256dh: "k", auth: "a",
                    name: "Chrome on Linux",
                    createdAt: Fixture.at(2)))
            let counts = try await database.rowCounts(userID: seeded.user.id)
            #expect(
                counts == [
                    "users": 1, "onboarding_profiles": 1, "workouts": 3, "food_entries": 3, "daily_logs": 3, "coach_messages": 5,
                    "data_exports": 2, "vault_entries": 1, "onboarding_drafts": 1, "provider_requests": 1, "deleted_entries": 1,
                    "training_plans": 1, "recommendations": 6, "usage_records": 0, "usage_months": 0, "usage_reservations": 0,
                    "usage_plan_assignments": 0, "notifications": 1, "push_devices": 1,
                ])
            // Every table of the schema must be counted, except Fluent's own migration log, the web sign-in (accounts,
            // browser sessions, their single-use links and security log, linked providers, passkeys, API tokens and pending sign-in
            // steps), which "delete all data" deliberately keeps
            // (deleting the account takes those too: MemberStoreTests scans every table for it), and the mail queue,
            // whose rows belong to an address rather than a user (`removeMail(to:)` drops them with an account).
            let sql = try database.rawSQL()
            let tables: [String]
            switch backend {
            case .sqlite:
                tables = try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                    .all().map { try $0.decode(column: "name", as: String.self) }
            default:
                tables = try await sql.raw("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'")
                    .all().map { try $0.decode(column: "name", as: String.self) }
            }
            #expect(
                Set(tables).subtracting([
                    "_fluent_migrations", "accounts", "web_sessions", "installation_owner", "sign_in_attempts", "one_time_links",
                    "security_events", "mail_queue", "linked_identities", "passkeys", "auth_challenges", "api_tokens",
                    // Plans are the installation's, not a person's (a person's assignment is counted).
                    "usage_plans",
                ])
                    == Set(counts.keys))
        }
    }
}
