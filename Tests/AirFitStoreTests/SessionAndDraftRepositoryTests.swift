import AirFitCore
import Foundation
import Testing

@testable import AirFitStore

/// The rules of `WebSessionRepository` and `OnboardingDraftRepository`, on memory, SQLite and PostgreSQL.
@Suite("Session and draft repositories")
struct SessionAndDraftRepositoryTests {
    /// The repositories of `store`: the database's, or fresh in-memory ones.
    private static func repositories(_ store: TestStore) -> (sessions: any WebSessionRepository, drafts: any OnboardingDraftRepository) {
        if let database = store.database { return (database.store, database.store) }
        return (InMemoryWebSessionRepository(), InMemoryOnboardingDraftRepository())
    }

    private static func session(hash: String = String(repeating: "ab", count: 32), account: UUID? = UUID(), expires: Double = 3600)
        -> WebSession
    {
        WebSession(
            tokenHash: hash, accountID: account, csrfToken: "csrf-\(hash.prefix(6))", skippedOnboarding: true, isLocked: false,
            createdAt: Fixture.at(0), lastSeenAt: Fixture.at(10.5), expiresAt: Fixture.at(expires))
    }

    @Test("A session reads back by its token hash with every field; update replaces it; delete ends it", arguments: Backend.allCases)
    func sessionLifecycle(backend: Backend) async throws {
        try await backend.withStore { store in
            let sessions = Self.repositories(store).sessions
            let session = Self.session()
            let anonymous = Self.session(hash: String(repeating: "cd", count: 32), account: nil)
            try await sessions.createSession(session)
            try await sessions.createSession(anonymous)
            #expect(try await sessions.session(tokenHash: session.tokenHash, now: Fixture.at(20)) == session)
            #expect(try await sessions.session(tokenHash: anonymous.tokenHash, now: Fixture.at(20)) == anonymous)
            #expect(try await sessions.session(tokenHash: String(repeating: "00", count: 32), now: Fixture.at(20)) == nil)

            var changed = session
            changed.isLocked = true
            changed.skippedOnboarding = false
            changed.lastSeenAt = Fixture.at(100.25)
            changed.expiresAt = Fixture.at(7200)
            try await sessions.updateSession(changed)
            #expect(try await sessions.session(tokenHash: session.tokenHash, now: Fixture.at(20)) == changed)

            #expect(try await sessions.deleteSession(tokenHash: session.tokenHash))
            #expect(try await sessions.session(tokenHash: session.tokenHash, now: Fixture.at(20)) == nil)
            #expect(try await sessions.deleteSession(tokenHash: session.tokenHash) == false)
            #expect(try await sessions.session(tokenHash: anonymous.tokenHash, now: Fixture.at(20)) == anonymous)
        }
    }

    @Test("A token hash is unique; updating a session that is not stored is notFound", arguments: Backend.allCases)
    func sessionConflicts(backend: Backend) async throws {
        try await backend.withStore { store in
            let sessions = Self.repositories(store).sessions
            let session = Self.session()
            try await sessions.createSession(session)
            var twin = Self.session(hash: session.tokenHash)
            twin.csrfToken = "other"
            await #expect(throws: RepositoryError.self) { try await sessions.createSession(twin) }
            #expect(try await sessions.session(tokenHash: session.tokenHash, now: Fixture.at(20))?.csrfToken == session.csrfToken)
            await #expect(throws: RepositoryError.notFound("Session \(twin.id)")) { try await sessions.updateSession(twin) }
        }
    }

    @Test("An expired session is not found even before it is purged; the purge removes only expired ones", arguments: Backend.allCases)
    func sessionExpiry(backend: Backend) async throws {
        try await backend.withStore { store in
            let sessions = Self.repositories(store).sessions
            let short = Self.session(hash: String(repeating: "11", count: 32), expires: 100)
            let long = Self.session(hash: String(repeating: "22", count: 32), expires: 5000)
            try await sessions.createSession(short)
            try await sessions.createSession(long)
            #expect(try await sessions.session(tokenHash: short.tokenHash, now: Fixture.at(99)) == short)
            #expect(try await sessions.session(tokenHash: short.tokenHash, now: Fixture.at(100)) == nil)
            #expect(try await sessions.deleteExpiredSessions(now: Fixture.at(99)) == 0)
            #expect(try await sessions.deleteExpiredSessions(now: Fixture.at(100)) == 1)
            // Gone for good: not found even at a time when it would still have been live.
            #expect(try await sessions.session(tokenHash: short.tokenHash, now: Fixture.at(50)) == nil)
            #expect(try await sessions.session(tokenHash: long.tokenHash, now: Fixture.at(100)) == long)
        }
    }

    @Test("A draft is saved, replaced and deleted per user, with every answer intact", arguments: Backend.allCases)
    func drafts(backend: Backend) async throws {
        try await backend.withStore { store in
            let drafts = Self.repositories(store).drafts
            let owner = UUID()
            let other = UUID()
            #expect(try await drafts.draft(userID: owner) == nil)
            var draft = OnboardingDraft()
            draft.screen = .typicalAvailability
            draft.lifeSnapshot.shiftWorker = true
            draft.aspirationCard = .custom
            draft.aspirationText = "Row 2k under 8 minutes, \"properly\""
            draft.coachingStyle = CoachingStylePreferences(
                authoritativeDirect: 0.5, empatheticEncouraging: 0.25, analyticalPrecise: 0.25, playfulMotivating: 0)
            draft.availability = [
                WorkoutAvailabilityBlock(dayOfWeek: 2, startTime: TimeOfDay("06:00")!, endTime: TimeOfDay("07:15")!)
            ]
            draft.skippedAt = Fixture.at(42)
            try await drafts.saveDraft(draft, userID: owner)
            try await drafts.saveDraft(OnboardingDraft(), userID: other)
            #expect(try await drafts.draft(userID: owner) == draft)

            var next = draft
            next.screen = .sleepAndBoundaries
            next.availability = []
            next.skippedAt = nil
            try await drafts.saveDraft(next, userID: owner)
            #expect(try await drafts.draft(userID: owner) == next)
            if let database = store.database {
                #expect(try await database.rowCounts(userID: owner)["onboarding_drafts"] == 1)
            }

            #expect(try await drafts.deleteDraft(userID: owner))
            #expect(try await drafts.draft(userID: owner) == nil)
            #expect(try await drafts.deleteDraft(userID: owner) == false)
            #expect(try await drafts.draft(userID: other) == OnboardingDraft())
        }
    }

    @Test("Deleting all data removes the user's draft and keeps sign-in sessions", arguments: Backend.sql)
    func eraseDraftKeepSession(backend: Backend) async throws {
        try await backend.withStore { store in
            let database = try store.requireDatabase()
            let seeded = try await Fixture.seed(store.repository)
            let kept = Fixture.user(name: "Kept")
            try await store.repository.createUser(kept)
            try await database.store.saveDraft(OnboardingDraft(), userID: seeded.user.id)
            try await database.store.saveDraft(OnboardingDraft(), userID: kept.id)
            let session = Self.session()
            try await database.store.createSession(session)

            let counts = try await store.repository.deleteAllData(userID: seeded.user.id)
            #expect(counts["onboarding_drafts"] == 1)
            #expect(try await database.store.draft(userID: seeded.user.id) == nil)
            #expect(try await database.store.draft(userID: kept.id) == OnboardingDraft())
            #expect(try await database.store.session(tokenHash: session.tokenHash, now: Fixture.at(20)) == session)
        }
    }

    @Test("Sign-in attempts are counted atomically per key and reset by a success", arguments: Backend.allCases)
    func signInAttempts(backend: Backend) async throws {
        try await backend.withStore { store in
            let attempts: any SignInAttemptRepository = store.database?.store ?? InMemorySignInAttemptRepository()
            let now = Date(timeIntervalSince1970: 1_700_000_000)
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<12 { group.addTask { try await attempts.recordAttempt(key: "k", now: now).count } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(counts.sorted() == Array(1...12))
            let next = try await attempts.recordAttempt(key: "k", now: now.addingTimeInterval(5))
            #expect(next == SignInAttempt(count: 13, previous: now))
            try await attempts.resetAttempts(key: "k")
            #expect(try await attempts.recordAttempt(key: "k", now: now).count == 1)
        }
    }
}
