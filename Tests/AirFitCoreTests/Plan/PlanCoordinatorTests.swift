import Foundation
import Testing

@testable import AirFitCore

/// The plan loop end to end in memory: plan from onboarding, edits, analysis, auto-pilot, decisions and their races.
@Suite("Plan coordinator")
struct PlanCoordinatorTests {
    typealias F = PlanFixtures

    /// A clock the test moves.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var current: Date
        init(_ text: String) { current = F.date(text) }
        var now: Date { lock.withLock { current } }
        func set(_ text: String) { lock.withLock { current = F.date(text) } }
    }

    struct Setup {
        let store = InMemoryStore()
        let clock: Clock
        let user: User
        var plans: PlanCoordinator { PlanCoordinator(repository: store, now: { [clock] in clock.now }) }

        /// A person in UTC, weeks from Monday, metric, trained Mondays and Thursdays, with the fixture plan saved.
        init(autopilot: Bool = false, now: String = "2026-11-17T12:00:00Z", savePlan: Bool = true) async throws {
            clock = Clock(now)
            user = User(
                id: F.userID, name: "Sam", preferredUnits: .metric, timeZone: "UTC", weekStart: .monday, autopilotEnabled: autopilot)
            try await store.createUser(user)
            try await store.saveOnboarding(try Self.profile(userID: user.id, availability: [F.monday, F.thursday]), user: user)
            if savePlan { #expect(try await store.savePlan(F.plan(), expectedVersion: nil, recommendations: [])) }
        }

        static func profile(userID: UUID, availability: [WorkoutAvailabilityBlock], card: AspirationCard = .strengthTone) throws
            -> OnboardingProfile
        {
            var draft = OnboardingDraft()
            draft.aspirationCard = card
            draft.availability = availability
            let persona = PersonaSynthesis.profile(from: draft)
            return try OnboardingProfile(
                userID: userID, persona: persona, communication: PersonaSynthesis.communicationPreferences(from: persona))
        }

        /// Two Mondays of squats at the target: a progression is due.
        func logTwoGoodSquatSessions() async throws {
            try await store.addWorkout(F.lifting("2026-11-09T07:10:00Z", ["Back Squat"]))
            try await store.addWorkout(F.lifting("2026-11-16T07:10:00Z", ["Back Squat"]))
        }

        func plan() async throws -> TrainingPlan { try #require(try await store.trainingPlan(userID: user.id)) }
    }

    @Test("Finishing onboarding makes a plan inside the person's times; refining an untouched plan renews it")
    func planFromOnboarding() async throws {
        let setup = try await Setup(savePlan: false)
        let profile = try Setup.profile(userID: setup.user.id, availability: [F.monday, F.thursday, F.saturday])
        let made = try await setup.plans.makePlan(for: setup.user, profile: profile)
        #expect(made.version == 1 && !made.sessions.isEmpty)
        #expect(made.sessions.allSatisfy { session in [F.monday, F.thursday, F.saturday].contains { session.slot.isInside($0) } })
        let renewed = try await setup.plans.makePlan(for: setup.user, profile: profile)
        #expect(renewed.version == 2 && renewed.id == made.id)
    }

    @Test("Refining keeps the sessions the person edited that still fit and fills free times from the template")
    func refineKeepsEdits() async throws {
        let setup = try await Setup()
        let edited = try await setup.plans.edit(
            [.changeTarget(sessionID: F.mondaySession, exerciseID: F.squat, target: .strength(sets: 5, reps: 5, loadKilograms: 90))],
            user: setup.user, expectedVersion: 3)
        // Thursday is no longer a training time; Saturday is new.
        let profile = try Setup.profile(userID: setup.user.id, availability: [F.monday, F.saturday])
        let refined = try await setup.plans.makePlan(for: setup.user, profile: profile)
        #expect(refined.version == edited.version + 1)
        #expect(refined.session(id: F.mondaySession) == edited.session(id: F.mondaySession))
        #expect(refined.session(id: F.thursdaySession) == nil)
        #expect(refined.sessions.contains { $0.slot.isInside(F.saturday) })
    }

    @Test("An edit made on an older page is refused and saves nothing; a rule-breaking edit names the rule")
    func editRaces() async throws {
        let setup = try await Setup()
        let move = PlanEdit.moveSession(sessionID: F.thursdaySession, to: SessionSlot(F.monday))
        await #expect(throws: PlanCoordinatorError.edit(.blockTaken)) {
            try await setup.plans.edit([move], user: setup.user, expectedVersion: 3)
        }
        await #expect(throws: PlanCoordinatorError.planChanged) {
            try await setup.plans.edit([.removeSession(sessionID: F.thursdaySession)], user: setup.user, expectedVersion: 2)
        }
        #expect(try await setup.plan() == F.plan().withID(of: try await setup.plan()))
    }

    @Test("Two good squat sessions make one pending progression; the plan waits, and a second analysis adds no duplicate")
    func progressionWaits() async throws {
        let setup = try await Setup()
        try await setup.logTwoGoodSquatSessions()
        let made = await setup.plans.workoutLogged(user: setup.user)
        #expect(made.map(\.change.kind) == [.progression])
        #expect(
            made.first?.status == .pendingReview && made.first?.change.after == .target(.strength(sets: 3, reps: 5, loadKilograms: 102.5)))
        #expect(try await setup.plan().version == 3)
        #expect(await setup.plans.workoutLogged(user: setup.user).isEmpty)
        #expect(try await setup.plans.pendingCount(for: setup.user) == 1)
    }

    @Test("With auto-pilot on, the progression is applied by the coach at once; Noted acknowledges it, Undo takes it back")
    func autopilotApplies() async throws {
        let setup = try await Setup(autopilot: true)
        try await setup.logTwoGoodSquatSessions()
        let made = try #require(await setup.plans.workoutLogged(user: setup.user).first)
        #expect(made.status == .applied && made.appliedBy == .coach)
        let plan = try await setup.plan()
        #expect(plan.version == 4 && plan.value(at: F.squatScope) == .target(.strength(sets: 3, reps: 5, loadKilograms: 102.5)))
        let noted = try await setup.plans.decide(.acknowledge, recommendationID: made.id, user: setup.user)
        #expect(noted.status == .acknowledged)
        let undone = try await setup.plans.decide(.undo, recommendationID: made.id, user: setup.user)
        #expect(undone.status == .undone)
        #expect(try await setup.plan().value(at: F.squatScope) == .target(.strength(sets: 3, reps: 5, loadKilograms: 100)))
    }

    @Test("Accepting after the plan changed answers stale and applies nothing; recompute suggests against the new plan")
    func staleAccept() async throws {
        let setup = try await Setup()
        try await setup.logTwoGoodSquatSessions()
        let made = try #require(await setup.plans.workoutLogged(user: setup.user).first)
        try await setup.plans.edit(
            [.changeTarget(sessionID: F.mondaySession, exerciseID: F.curl, target: .strength(sets: 3, reps: 10, loadKilograms: 20))],
            user: setup.user, expectedVersion: nil)
        await #expect(throws: PlanCoordinatorError.stale) {
            try await setup.plans.decide(.accept, recommendationID: made.id, user: setup.user)
        }
        #expect(try await setup.plan().value(at: F.squatScope) == .target(.strength(sets: 3, reps: 5, loadKilograms: 100)))
        let fresh = try #require(try await setup.plans.recompute(recommendationID: made.id, user: setup.user))
        #expect(fresh.change.planVersion == 4 && fresh.status == .pendingReview)
        let accepted = try await setup.plans.decide(.accept, recommendationID: fresh.id, user: setup.user)
        #expect(accepted.status == .applied && accepted.appliedBy == .person)
        #expect(try await setup.store.recommendation(id: made.id, userID: setup.user.id)?.status == .expired)
    }

    @Test("A suggestion left 7 days expires: the badge drops it and Accept is refused")
    func expiry() async throws {
        let setup = try await Setup()
        try await setup.logTwoGoodSquatSessions()
        let made = try #require(await setup.plans.workoutLogged(user: setup.user).first)
        setup.clock.set("2026-11-24T11:59:59Z")
        #expect(try await setup.plans.pendingCount(for: setup.user) == 1)
        setup.clock.set("2026-11-24T12:00:00Z")
        #expect(try await setup.plans.pendingCount(for: setup.user) == 0)
        await #expect(throws: PlanCoordinatorError.refused(.expired)) {
            try await setup.plans.decide(.accept, recommendationID: made.id, user: setup.user)
        }
        #expect(try await setup.store.recommendation(id: made.id, userID: setup.user.id)?.status == .expired)
    }

    @Test(
        "The weekly analysis runs once per week, when the week begins in the person's zone",
        arguments: [
            // Tokyo, weeks from Monday: Sunday 23:30 local is still last week; Monday 00:30 local is the new week.
            ("Asia/Tokyo", WeekStart.monday, "2026-11-22T14:30:00Z", "2026-11-16", "2026-11-22T15:30:00Z", "2026-11-23"),
            // New York, weeks from Sunday: Saturday 23:30 local vs Sunday 00:30 local.
            ("America/New_York", .sunday, "2026-11-22T04:30:00Z", "2026-11-15", "2026-11-22T05:30:00Z", "2026-11-22"),
        ])
    func weeklyBoundary(zone: String, start: WeekStart, before: String, beforeWeek: String, after: String, afterWeek: String) async throws {
        let setup = try await Setup(now: before)
        var user = setup.user
        user.timeZone = zone
        user.weekStart = start
        #expect(try await setup.plans.weeklyAnalysisIfDue(user: user) != nil)
        #expect(try await setup.plans.weeklyAnalysisIfDue(user: user) == nil)
        #expect(PlanCalendar(user: user).day(of: PlanCalendar(user: user).startOfWeek(containing: F.date(before))) == beforeWeek)
        setup.clock.set(after)
        #expect(PlanCalendar(user: user).day(of: PlanCalendar(user: user).startOfWeek(containing: F.date(after))) == afterWeek)
        #expect(try await setup.plans.weeklyAnalysisIfDue(user: user) != nil)
        #expect(try await setup.plans.weeklyAnalysisIfDue(user: user) == nil)
    }

    @Test("The coach's proposal waits for review even under auto-pilot; one that doesn't match the plan is refused")
    func proposals() async throws {
        let setup = try await Setup(autopilot: true)
        let change = PlanChange(
            kind: .progression, scope: F.curlScope, before: .target(.strength(sets: 3, reps: 12, loadKilograms: 20)),
            after: .target(.strength(sets: 3, reps: 12, loadKilograms: 22.5)), planVersion: 3)
        let made = try await setup.plans.propose(change, reason: "  Your curls look easy now.  ", user: setup.user)
        #expect(made.status == .pendingReview && made.reason == "Your curls look easy now.")
        #expect(try await setup.plan().version == 3)
        var wrong = change
        wrong.before = .target(.strength(sets: 3, reps: 12, loadKilograms: 25))
        await #expect(throws: PlanCoordinatorError.self) { try await setup.plans.propose(wrong, reason: "", user: setup.user) }
    }

    @Test("When the auto-pilot write fails, the error reaches the caller and the stored setting is unchanged")
    func failingAutopilotWrite() async throws {
        let setup = try await Setup()
        let failing = PlanCoordinator(repository: setup.store, autopilot: FailingAutopilotSetting())
        await #expect(throws: RepositoryError.self) { try await failing.setAutopilot(true, userID: setup.user.id) }
        #expect(try await failing.isAutopilotOn(userID: setup.user.id) == false)
        try await setup.plans.setAutopilot(true, userID: setup.user.id)
        #expect(try await setup.plans.isAutopilotOn(userID: setup.user.id))
    }
}

extension TrainingPlan {
    /// This plan with `other`'s id (the fixture makes a fresh id each time).
    fileprivate func withID(of other: TrainingPlan) -> TrainingPlan {
        var copy = self
        copy.id = other.id
        return copy
    }
}
